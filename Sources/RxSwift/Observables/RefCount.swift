/// Connects on the first subscriber and disconnects when the last one leaves.
final class RefCountObservable<Connectable: ConnectableObservableType>: Producer<Connectable.Element>, @unchecked Sendable {
    // @unchecked Sendable: `count`, `connection` and `generation` are guarded by `lock`.
    private let source: Connectable
    private let lock = Lock()
    private var count = 0
    private var generation = 0
    private var connection: Disposable?

    init(source: Connectable) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Connectable.Element {
        let (first, generation) = lock.withLock { () -> (Bool, Int) in
            count += 1
            if count == 1 { self.generation += 1 }
            return (count == 1, self.generation)
        }
        let subscription = source.subscribe(observer)
        if first {
            let connection = source.connect()
            let stale = lock.withLock { () -> Bool in
                guard self.generation == generation, count > 0 else { return true }
                self.connection = connection
                return false
            }
            if stale { connection.dispose() }
        }
        return Disposables.create { [self] in
            subscription.dispose()
            let last = lock.withLock { () -> Disposable? in
                count -= 1
                guard count == 0 else { return nil }
                self.generation += 1
                defer { connection = nil }
                return connection
            }
            last?.dispose()
        }
    }
}

extension ConnectableObservableType {
    /// Connects when the first subscriber subscribes and disconnects when the last one disposes.
    public func refCount() -> Observable<Element> {
        RefCountObservable(source: self)
    }
}
