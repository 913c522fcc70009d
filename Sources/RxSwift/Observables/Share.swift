/// How long `share` keeps its shared subject.
public enum SubjectLifetimeScope: Sendable {
    /// The subject lives while there are subscribers: after the last one leaves (or the source
    /// terminates), the next subscriber starts a new subscription with a fresh subject and no
    /// replayed elements.
    case whileConnected
    /// The subject lives forever: later subscribers get the replay (and terminal event) of the
    /// one shared subject.
    case forever
}

extension ObservableType {
    /// Shares one subscription to the source among all subscribers, replaying the latest
    /// `replay` elements to each new one.
    ///
    /// ```
    /// source:            -1-2--3|
    /// share(replay: 1):  -1-2--3|
    /// subscribed at 4:   ----2-3|
    /// ```
    ///
    /// The source is subscribed once, by the first subscriber; one that joins at tick 4 gets
    /// the latest element, 2, at once, then shares the rest.
    ///
    /// - Parameters:
    ///   - replay: How many elements to replay to a new subscriber.
    ///   - scope: Whether the replayed elements outlive the shared subscription (`.forever`) or not
    ///     (`.whileConnected`).
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        if replay < 0 {
            return .error(RxError.argumentOutOfRange("share(replay: \(replay)): replay must be ≥ 0, got \(replay)"))
        }
        switch (scope, replay) {
        case (.whileConnected, 0):
            return MulticastObservable(
                source: asObservable(), makeSubject: { PublishSubject<Element>() }, disposesSourceFirst: false
            ).refCount()
        case (.whileConnected, _):
            // Beyond one element, RxSwift's share is a connectable one, which disposes its source
            // before forwarding a terminal event.
            return MulticastObservable(
                source: asObservable(), makeSubject: { ReplaySubject<Element>.create(bufferSize: replay) },
                disposesSourceFirst: replay > 1
            ).refCount()
        case (.forever, 0):
            return multicast(PublishSubject<Element>()).refCount()
        case (.forever, _):
            return multicast(ReplaySubject<Element>.create(bufferSize: replay)).refCount()
        }
    }
}
