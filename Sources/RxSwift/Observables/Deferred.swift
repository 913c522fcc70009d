extension ObservableType {
    /// A sequence that calls `observableFactory` for each subscriber and subscribes to the result.
    /// A thrown error becomes the sequence's error.
    ///
    /// - Parameters:
    ///   - observableFactory: Makes the sequence for each subscription; a thrown error fails it.
    public static func deferred(
        _ observableFactory: @escaping @isolated(any) () throws -> Observable<Element>
    ) -> Observable<Element> {
        let (observableFactory, actor) = Isolation.split(observableFactory)
        let deferred = OperatorObservable<Element> { downstream in
            let sink = ForwardSink<Element>(downstream: downstream)
            do {
                return sink.run(try observableFactory())
            } catch {
                sink.receiveError(error)
                sink.attach(NopDisposable.shared)
                return sink
            }
        }
        return deferred.subscribed(on: actor)
    }
}
