extension ObservableType {
    /// Emits `elements` before the source's elements.
    ///
    /// ```
    /// source:          --1-2|
    /// startWith(0):    0-1-2|
    /// ```
    ///
    /// - Parameter elements: The elements emitted first.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        let source = asObservable()
        return OperatorObservable { downstream in
            let sink = ForwardSink<Element>(downstream: downstream)
            for element in elements { sink.receiveNext(element) }
            return sink.run(source)
        }
    }
}
