final class AnonymousObservable<Element>: Producer<Element> {
    let subscribeHandler: (AnyObserver<Element>) -> Disposable

    init(_ subscribeHandler: @escaping (AnyObserver<Element>) -> Disposable) {
        self.subscribeHandler = subscribeHandler
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let sink = AnonymousSink<Element>(downstream: observer.receiverLink)
        sink.attach(subscribeHandler(AnyObserver(sink)))
        return sink
    }
}

final class AnonymousSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`.
    private let tracker = DeliveryTracker()

    override func receiveNext(_ element: Element) {
        tracker.enter("the observer of Observable.create")
        forwardNext(element)
        tracker.leave()
    }

    override func receiveCompleted() {
        tracker.enter("the observer of Observable.create")
        forwardCompleted()
        tracker.leave()
    }

    override func receiveError(_ error: Swift.Error) {
        tracker.enter("the observer of Observable.create")
        forwardError(error)
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
    /// create { o in o.onNext(1); o.onCompleted() }:  (1|)
    /// ```
    ///
    /// - Parameters:
    ///   - subscribe: Called for each subscriber: sends the events to the observer and returns the disposable
    ///     that stops the work.
    public static func create(
        _ subscribe: @escaping @isolated(any) (AnyObserver<Element>) -> Disposable
    ) -> Observable<Element> {
        let (subscribe, actor) = Isolation.split(subscribe)
        return AnonymousObservable(subscribe).subscribed(on: actor)
    }
}
