extension ObservableType {
    /// Creates a resource for each subscriber, a sequence that depends on it, and disposes the
    /// resource when the subscription ends. A thrown error becomes the sequence's error (and the
    /// resource, if created, is disposed).
    ///
    /// - Parameters:
    ///   - resourceFactory: Makes the resource of each subscription; disposed of when the subscription ends.
    ///   - observableFactory: Makes the sequence from the resource.
    ///   - isolation: The caller's isolation (the default). Closures passed from actor-isolated code run only
    ///     on that actor: called anywhere else, they stop the program with a message.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        let resourceFactory = confined(resourceFactory, to: isolation, in: "using")
        let observableFactory = confined(observableFactory, to: isolation, in: "using")
        return OperatorObservable { downstream in
            let sink = ForwardSink<Element>(downstream: downstream)
            var resource: Resource?
            do {
                let created = try resourceFactory()
                resource = created
                let subscription = try observableFactory(created).subscribe(receiver: sink)
                sink.attach(Disposables.create(subscription, created))
            } catch {
                sink.receiveError(error)
                sink.attach(resource ?? Disposables.create())
            }
            return sink
        }
    }
}
