struct BehaviorMemory<Element>: SubjectMemory {
    /// Not optional (an `Optional` of a generic type on the per-element path: see ARCHITECTURE.md,
    /// "Rules for code on the per-element path"). Disposal makes it unreachable instead.
    var element: Element

    mutating func record(_ event: Event<Element>) -> SubjectPayload<Element>? {
        if case .next(let value) = event { element = value }
        return .one(event)
    }

    mutating func recordNext(_ value: Element) -> Bool {
        element = value
        return true
    }

    func replay(stop: Event<Element>?) -> [Event<Element>] {
        stop == nil ? [.next(element)] : []
    }

    var replaysNothing: Bool { false }

    func forEachReplayed(_ body: (Element) -> Void) {
        body(element)
    }

    mutating func clear() {}
}

/// A subject with a current value: new subscribers receive the latest element first.
///
/// After termination, new subscribers receive only the terminal event. Thread-safe.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    private let core: SubjectCore<Element, BehaviorMemory<Element>>

    /// The observer side is the subject itself.
    public typealias SubjectObserverType = BehaviorSubject<Element>

    /// Creates a subject whose current value is `value`.
    ///
    /// - Parameter value: The value.
    public init(value: Element) {
        core = SubjectCore(memory: BehaviorMemory(element: value))
        super.init()
    }

    /// The current value.
    ///
    /// - Throws: `RxError.disposed` after `dispose()`, or the error the subject terminated with.
    public func value() throws -> Element {
        try core.read { memory, stop, disposed in
            if disposed { throw RxError.disposed(subject: self) }
            if case .error(let error) = stop { throw error }
            return memory.element
        }
    }

    /// Whether the subject has subscribers.
    public var hasObservers: Bool { core.hasObservers }

    /// Whether the subject was disposed.
    public var isDisposed: Bool { core.isDisposed }

    override var terminationIfSubject: Bool? { core.hasTerminated }

    /// Sends `element` (the same as `on(.next(element))`, without building an `Event`).
    ///
    /// - Parameter element: The element.
    public func onNext(_ element: Element) {
        core.onNext(element)
    }

    /// Updates the current value (for `next`) and broadcasts `event`.
    ///
    /// - Parameter event: The event.
    public func on(_ event: Event<Element>) {
        core.on(event)
    }

    /// Subscribes `observer`: it receives the current value, then future events.
    ///
    /// - Parameter observer: The observer that receives the events.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        core.subscribe(observer, subject: self)
    }

    override func subscribe(receiver: Link) -> Link {
        core.subscribe(receiver: receiver, subject: self)
    }

    /// Returns the subject itself.
    public func asObserver() -> BehaviorSubject<Element> { self }

    /// Releases all subscribers; later subscriptions and `value()` fail with `RxError.disposed`.
    public func dispose() {
        core.dispose()
    }
}

/// Sendable when its elements are: a subject hands the element sent on one thread to subscribers
/// that may read it on another, so a subject of non-`Sendable` elements stays where it was made.
extension BehaviorSubject: @unchecked Sendable where Element: Sendable {
    // @unchecked Sendable: its only state is `core`, which guards itself with its lock.
}
