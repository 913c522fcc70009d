final class FilterObservable<Element>: Producer<Element> {
    let source: Observable<Element>
    let predicate: (Element) throws -> Bool

    init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let sink = FilterSink(predicate: predicate, observer: observer)
        sink.attach(source.subscribe(sink))
        return sink
    }
}

final class FilterSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `predicate` is immutable and called serially.
    private let predicate: (Observer.Element) throws -> Bool

    init(predicate: @escaping (Observer.Element) throws -> Bool, observer: Observer) {
        self.predicate = predicate
        super.init(observer: observer)
    }

    override var receivesElements: Bool { true }

    override func receiveNext(at element: UnsafeRawPointer) {
        receiveNext(element.assumingMemoryBound(to: Observer.Element.self).pointee)
    }

    func receiveNext(_ element: Observer.Element) {
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

    func on(_ event: Event<Observer.Element>) {
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
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        FilterObservable(source: asObservable(), predicate: predicate)
    }
}
