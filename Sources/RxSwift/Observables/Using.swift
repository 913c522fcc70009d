extension ObservableType {
    /// Creates a resource for each subscriber, a sequence that depends on it, and disposes the
    /// resource when the subscription ends. A thrown error becomes the sequence's error (and the
    /// resource, if created, is disposed).
    ///
    /// - Parameters:
    ///   - resourceFactory: Makes the resource of each subscription; disposed of when the subscription ends.
    ///   - observableFactory: Makes the sequence from the resource.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping @isolated(any) () throws -> Resource,
        observableFactory: @escaping @isolated(any) (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        let (resourceFactory, resourceFactoryActor) = Isolation.split(resourceFactory)
        let (observableFactory, observableFactoryActor) = Isolation.split(observableFactory)
        let using = OperatorObservable<Element> { downstream in
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
        return using.subscribed(on: Isolation.first(resourceFactoryActor, observableFactoryActor))
    }
}
