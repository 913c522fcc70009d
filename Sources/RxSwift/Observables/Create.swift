final class AnonymousObservable<Element>: Producer<Element> {
    let subscribeHandler: (AnyObserver<Element>) -> Disposable

    init(_ subscribeHandler: @escaping (AnyObserver<Element>) -> Disposable) {
        self.subscribeHandler = subscribeHandler
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let sink = AnonymousSink(observer: observer)
        sink.attach(subscribeHandler(AnyObserver(sink)))
        return sink
    }
}

final class AnonymousSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`.
    private let tracker = DeliveryTracker()

    override var receivesElements: Bool { true }

    override func receive<Value>(next element: Value) {
        tracker.enter("the observer of Observable.create")
        forwardNext(_identityCast(element, to: Observer.Element.self))
        tracker.leave()
    }

    override func receiveCompleted() {
        forwardCompleted()
    }

    override func receiveError(_ error: Swift.Error) {
        forwardError(error)
    }

    func on(_ event: Event<Observer.Element>) {
        tracker.enter("the observer of Observable.create")
        forward(event)
        tracker.leave()
    }
}

extension ObservableType {
    /// Creates a sequence from a subscribe function.
    ///
    /// `subscribe` receives an observer to send events to and returns a disposable that cancels
    /// the work. Events sent after a terminal event or after disposal are ignored, and the
    /// returned disposable is disposed when the sequence terminates.
    ///
    /// ```
    /// create { o in o.onNext(1); o.onCompleted() }:  1|
    /// ```
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        AnonymousObservable(subscribe)
    }
}
