import RxSwift

/// A `BehaviorSubject` that never terminates: it has a current `value`, which new subscribers
/// receive first. Thread-safe; `Sendable` when `Element` is.
public final class BehaviorRelay<Element>: ObservableType {
    private let subject: BehaviorSubject<Element>

    /// Creates a relay whose current value is `value`.
    ///
    /// - Parameter value: The value.
    public init(value: Element) {
        subject = BehaviorSubject(value: value)
    }

    /// The current value.
    public var value: Element {
        // A relay's subject is never terminated or disposed, so `value()` cannot throw.
        try! subject.value()
    }

    /// Makes `event` the current value and sends it to the subscribers.
    ///
    /// - Parameter event: The element sent to the subscribers.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Subscribes `observer`: it receives the current value, then later ones.
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

    /// The relay as an `Infallible` (a relay never fails): it emits the current value, then later ones.
    public func asInfallible() -> Infallible<Element> {
        Infallible(subject.asObservable())
    }
}

/// Sendable when its elements are, like the subject it wraps.
extension BehaviorRelay: Sendable where Element: Sendable {}
