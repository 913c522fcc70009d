final class MaterializeSink<Element>: Sink<Element, Event<Element>>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`.
    override func receiveNext(_ element: Element) {
        forwardNext(.next(element))
    }

    override func receiveError(_ error: Swift.Error) {
        forwardNext(.error(error))
        forwardCompleted()
    }

    override func receiveCompleted() {
        forwardNext(.completed)
        forwardCompleted()
    }
}

extension ObservableType {
    /// Turns every event, terminal ones included, into an element; then completes.
    ///
    /// ```
    /// source:         1-------#
    /// materialize():  next(1)-(error(#)|)
    /// ```
    public func materialize() -> Observable<Event<Element>> {
        let source = asObservable()
        return OperatorObservable { downstream in
            MaterializeSink(downstream: downstream).run(source)
        }
    }
}
