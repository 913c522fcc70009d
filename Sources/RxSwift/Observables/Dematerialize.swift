final class DematerializeSink<Source: EventConvertible>: Sink<Source, Source.Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`.
    override func receiveNext(_ element: Source) {
        forward(element.event)
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
        let source = asObservable()
        return OperatorObservable { downstream in
            DematerializeSink<Element>(downstream: downstream).run(source)
        }
    }
}
