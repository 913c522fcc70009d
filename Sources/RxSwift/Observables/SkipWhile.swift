final class SkipWhileSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `skipping` is touched only by serial `on` calls.
    private let predicate: (Observer.Element) throws -> Bool
    private var skipping = true

    init(predicate: @escaping (Observer.Element) throws -> Bool, observer: Observer) {
        self.predicate = predicate
        super.init(observer: observer)
    }

    func on(_ event: Event<Observer.Element>) {
        guard case .next(let element) = event, skipping else { return forward(event) }
        guard !isDisposed else { return }
        do {
            skipping = try predicate(element)
            if !skipping { forwardNext(element) }
        } catch {
            forwardError(error)
        }
    }
}

extension ObservableType {
    /// Skips elements while `predicate` holds, then emits every element.
    ///
    /// ```
    /// source:                  1-2-3-1|
    /// skip(while: { $0 < 3 }):  ----3-1|
    /// ```
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { observer in
            let sink = SkipWhileSink(predicate: predicate, observer: observer)
            sink.attach(source.subscribe(sink))
            return sink
        }
    }

    /// Skips elements while `predicate` holds.
    @available(*, deprecated, renamed: "skip(while:)")
    public func skipWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        skip(while: predicate)
    }
}
