@usableFromInline
final class FilterObservable<Element>: Producer<Element> {
    @usableFromInline let source: Observable<Element>
    @usableFromInline let predicate: (Element) throws -> Bool
    /// `FilterSink<Element>`, named where this sequence is built (see `MapObservable.sinkType`).
    @usableFromInline let sinkType: FilterSink<Element>.Type

    @inlinable
    init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
        self.sinkType = FilterSink<Element>.self
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        run(receiver: observer.receiverLink)
    }

    override func run(receiver: Link) -> Link {
        // Used as a `Stage`: the sink's own generic type would be looked up at run time to box
        // it in a `Disposable`.
        let sink: Stage = sinkType.init(predicate: predicate, downstream: receiver)
        sink.attach(source.subscribe(receiver: sink))
        return sink
    }
}

@usableFromInline
final class FilterSink<Element>: Sink<Downstream<Element>>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `predicate` is immutable and called serially.
    private let predicate: (Element) throws -> Bool

    @usableFromInline
    required init(predicate: @escaping (Element) throws -> Bool, downstream: Link) {
        self.predicate = predicate
        super.init(downstream: downstream)
    }

    override var receivesElements: Bool { true }

    override func receive<Value>(next element: Value) {
        receiveNext(_identityCast(element, to: Element.self))
    }

    func receiveNext(_ element: Element) {
        guard !isDisposed else { return }
        do {
            if try predicate(element) { forwardNext(element) }
        } catch {
            forwardError(error)
        }
    }

    override func receiveCompleted() {
        forwardCompleted()
    }

    override func receiveError(_ error: Swift.Error) {
        forwardError(error)
    }

    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            receiveNext(element)
        case .error, .completed:
            forwardTerminal(event)
        }
    }
}

extension ObservableType {
    /// Keeps the elements that satisfy `predicate`.
    ///
    /// ```
    /// source:               1-2-3-4|
    /// filter { $0 > 2 }:    ----3-4|
    /// ```
    ///
    /// Inlinable, so that a client's build finds the new sequence's type metadata without a
    /// run-time look-up.
    @inlinable
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        FilterObservable(source: asObservable(), predicate: predicate)
    }
}
