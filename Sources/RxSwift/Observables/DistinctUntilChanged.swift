final class DistinctUntilChangedObservable<Element, Key>: Producer<Element> {
    let source: Observable<Element>
    let keySelector: (Element) throws -> Key
    let comparer: (Key, Key) throws -> Bool

    init(source: Observable<Element>, keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool) {
        self.source = source
        self.keySelector = keySelector
        self.comparer = comparer
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let sink = DistinctUntilChangedSink(parent: self, observer: observer)
        sink.attach(source.subscribe(sink))
        return sink
    }
}

final class DistinctUntilChangedSink<Observer: ObserverType, Key>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `lastKey` is touched only by serial `on` calls.
    private let parent: DistinctUntilChangedObservable<Observer.Element, Key>
    private var lastKey: Key?

    init(parent: DistinctUntilChangedObservable<Observer.Element, Key>, observer: Observer) {
        self.parent = parent
        super.init(observer: observer)
    }

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            guard !isDisposed else { return }
            do {
                let key = try parent.keySelector(element)
                if let lastKey, try parent.comparer(lastKey, key) { return }
                lastKey = key
                forwardNext(element)
            } catch {
                forwardTerminal(.error(error))
            }
        case .error, .completed:
            forwardTerminal(event)
        }
    }
}

extension ObservableType where Element: Equatable {
    /// Drops elements equal to the one before them.
    ///
    /// ```
    /// source:                  1-1-2-2-1|
    /// distinctUntilChanged():  1---2---1|
    /// ```
    public func distinctUntilChanged() -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: ==)
    }
}

extension ObservableType {
    /// Drops elements whose key equals the previous element's key.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key) -> Observable<Element> {
        distinctUntilChanged(keySelector, comparer: ==)
    }

    /// Drops elements that `comparer` says equal the previous one.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: comparer)
    }

    /// Drops elements whose key `comparer` says equals the previous element's key.
    public func distinctUntilChanged<Key>(_ keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool) -> Observable<Element> {
        DistinctUntilChangedObservable(source: asObservable(), keySelector: keySelector, comparer: comparer)
    }

    /// Drops elements whose value at `keyPath` equals the previous element's.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Observable<Element> {
        distinctUntilChanged({ $0[keyPath: keyPath] }, comparer: ==)
    }
}
