import RxSwift

/// A `ReplaySubject` that never terminates: new subscribers receive the buffered elements
/// first. Thread-safe; `Sendable` when `Element` is.
public final class ReplayRelay<Element>: ObservableType {
    private let subject: ReplaySubject<Element>

    private init(subject: ReplaySubject<Element>) {
        self.subject = subject
    }

    /// A relay replaying at most `bufferSize` elements. A relay cannot fail, so a negative
    /// `bufferSize` stops the program with a message naming it (in release builds too).
    ///
    /// - Parameter bufferSize: How many elements the subject replays.
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        guard bufferSize >= 0 else {
            fatalError("ReplayRelay.create(bufferSize:): bufferSize must not be negative (got \(bufferSize))")
        }
        return ReplayRelay(subject: ReplaySubject.create(bufferSize: bufferSize))
    }

    /// A relay replaying every element it has received.
    public static func createUnbound() -> ReplayRelay<Element> {
        ReplayRelay(subject: ReplaySubject.createUnbounded())
    }

    /// Records `event` and sends it to the subscribers.
    ///
    /// - Parameter event: The element sent to the subscribers.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Subscribes `observer`: it receives the buffered elements, then later ones.
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

    /// The relay as an `Infallible` (a relay never fails): it emits the buffered elements, then later ones.
    public func asInfallible() -> Infallible<Element> {
        Infallible(subject.asObservable())
    }
}

/// Sendable when its elements are, like the subject it wraps.
extension ReplayRelay: Sendable where Element: Sendable {}
