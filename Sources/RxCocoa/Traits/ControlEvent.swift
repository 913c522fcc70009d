import RxSwift

/// A type that is, or can be seen as, a `ControlEvent`.
public protocol ControlEventType: ObservableType {
    /// The events as a `ControlEvent`.
    func asControlEvent() -> ControlEvent<Element>
}

/// A sequence of a UI element's events (taps, edits, …).
///
/// - It emits no initial value, never fails, and completes when its control goes away.
/// - It is subscribed to and delivers on the main scheduler.
public struct ControlEvent<PropertyType>: ControlEventType {
    /// The type of the events.
    public typealias Element = PropertyType

    let events: Observable<PropertyType>

    /// Creates a control event from the control's sequence of events, which should complete when
    /// the control goes away and never fail.
    ///
    /// - Parameter events: The recorded events.
    public init<Ev: ObservableType>(events: Ev) where Ev.Element == Element {
        self.init(mainThreadEvents: onMainThread(events.asObservable()))
    }

    /// Wraps events that are already subscribed to and delivered on the main thread (such as a
    /// property's `changed`).
    init(mainThreadEvents: Observable<PropertyType>) {
        self.events = mainThreadEvents
    }

    /// Subscribes `observer` to the events.
    ///
    /// - Parameter observer: The observer that receives the events.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        events.subscribe(observer)
    }

    /// The events as an `Observable`.
    public func asObservable() -> Observable<Element> { events }

    /// Returns `self`.
    public func asControlEvent() -> ControlEvent<Element> { self }
}
