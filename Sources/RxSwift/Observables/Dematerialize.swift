final class DematerializeSink<Source: EventConvertible, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable where Observer.Element == Source.Element {
    // @unchecked Sendable: as `Sink`.
    func on(_ event: Event<Source>) {
        switch event {
        case .next(let wrapped): forward(wrapped.event)
        case .error, .completed: forwardTerminal(event.isCompleted ? .completed : .error(event.error!))
        }
    }
}

final class DematerializeObservable<Source: EventConvertible>: Producer<Source.Element> {
    let source: Observable<Source>

    init(source: Observable<Source>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Source.Element {
        let sink = DematerializeSink<Source, Observer>(observer: observer)
        sink.attach(source.subscribe(sink))
        return sink
    }
}

extension ObservableType where Element: EventConvertible {
    /// Turns elements that are events back into the events they represent.
    ///
    /// ```
    /// source:            next(1)-completed
    /// dematerialize():   1-------|
    /// ```
    public func dematerialize() -> Observable<Element.Element> {
        DematerializeObservable(source: asObservable())
    }
}
