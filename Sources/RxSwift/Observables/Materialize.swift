final class MaterializeSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable where Observer.Element == Event<Element> {
    // @unchecked Sendable: as `Sink`.
    func on(_ event: Event<Element>) {
        forwardNext(event)
        if event.isStopEvent { forwardTerminal(.completed) }
    }
}

final class MaterializeObservable<Element>: Producer<Event<Element>> {
    let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Event<Element> {
        let sink = MaterializeSink<Element, Observer>(observer: observer)
        sink.attach(source.subscribe(sink))
        return sink
    }
}

extension ObservableType {
    /// Turns every event, terminal ones included, into an element; then completes.
    ///
    /// ```
    /// source:         1-#
    /// materialize():  next(1)-error(#)|
    /// ```
    public func materialize() -> Observable<Event<Element>> {
        MaterializeObservable(source: asObservable())
    }
}
