import RxSwift

/// A `PublishSubject` that never terminates: `accept` sends an element to the current
/// subscribers. Thread-safe; `Sendable` when `Element` is.
public final class PublishRelay<Element>: ObservableType {
    private let subject = PublishSubject<Element>()

    /// Creates a relay.
    public init() {}

    /// Sends `event` to the current subscribers.
    ///
    /// - Parameter event: The element sent to the subscribers.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Subscribes `observer` to future elements.
    ///
    /// - Parameter observer: The observer that receives the events.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an `Observable`.
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }

    /// The relay as an `Infallible` (a relay never fails): it emits future elements.
    public func asInfallible() -> Infallible<Element> {
        Infallible(subject.asObservable())
    }
}

/// Sendable when its elements are, like the subject it wraps.
extension PublishRelay: Sendable where Element: Sendable {}
