final class ElementAtSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `remaining` is touched only by serial `on` calls.
    private var remaining: Int

    init(index: Int, observer: Observer) {
        remaining = index
        super.init(observer: observer)
    }

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            if remaining == 0 {
                forwardNext(element)
                forwardCompleted()
            }
            remaining -= 1
        case .error:
            forward(event)
        case .completed:
            forwardError(RxError.argumentOutOfRange)
        }
    }
}

extension ObservableType {
    /// Emits only the element at `index` (zero-based), then completes. A source that completes
    /// first, or a negative `index`, fails with `RxError.argumentOutOfRange`.
    ///
    /// ```
    /// source:         a-b-c|
    /// element(at: 1): --b|
    /// ```
    public func element(at index: Int) -> Observable<Element> {
        if index < 0 { return .error(RxError.argumentOutOfRange) }
        let source = asObservable()
        return AnonymousObservable { observer in
            let sink = ElementAtSink(index: index, observer: observer)
            sink.attach(source.subscribe(sink))
            return sink
        }
    }

    /// Emits only the element at `index`.
    @available(*, deprecated, renamed: "element(at:)")
    public func elementAt(_ index: Int) -> Observable<Element> {
        element(at: index)
    }
}
