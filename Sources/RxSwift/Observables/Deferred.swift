extension ObservableType {
    /// A sequence that calls `observableFactory` for each subscriber and subscribes to the result.
    /// A thrown error becomes the sequence's error.
    ///
    /// - Parameters:
    ///   - observableFactory: Makes the sequence for each subscription; a thrown error fails it.
    ///   - isolation: The caller's isolation (the default). Closures passed from actor-isolated code run only
    ///     on that actor: called anywhere else, they stop the program with a message.
    public static func deferred(
        _ observableFactory: @escaping () throws -> Observable<Element>, isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        let observableFactory = confined(observableFactory, to: isolation, in: "deferred")
        return OperatorObservable { downstream in
            let sink = ForwardSink<Element>(downstream: downstream)
            do {
                return sink.run(try observableFactory())
            } catch {
                sink.receiveError(error)
                sink.attach(NopDisposable.shared)
                return sink
            }
        }
    }
}
