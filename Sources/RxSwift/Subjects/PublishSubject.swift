struct PublishMemory<Element>: SubjectMemory {
    /// Not empty on purpose: ThreadSanitizer reports each change of an empty stored property at
    /// its object's first address, where other threads read the object's header, as a race.
    private let nonEmpty: UInt8 = 0

    mutating func record(_ event: Event<Element>) -> SubjectPayload<Element>? { .one(event) }
    mutating func recordNext(_ element: Element) -> Bool { true }
    func replay(stop: Event<Element>?) -> [Event<Element>] { [] }
    var replaysNothing: Bool { true }
    func forEachReplayed(_ body: (Element) -> Void) {}
    mutating func clear() {}
}

/// A subject that broadcasts each event to the subscribers present at that moment.
///
/// A subscriber that arrives after termination receives the terminal event at once; after
/// `dispose()`, subscribing fails with `RxError.disposed` and events are ignored. Thread-safe.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    let core = SubjectCore(memory: PublishMemory<Element>())

    /// The observer side is the subject itself.
    public typealias SubjectObserverType = PublishSubject<Element>

    /// Creates a subject.
    public override init() {
        super.init()
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

    /// Broadcasts `event` to current subscribers.
    ///
    /// - Parameter event: The event.
    public func on(_ event: Event<Element>) {
        core.on(event)
    }

    /// Subscribes `observer` to future events.
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
    public func asObserver() -> PublishSubject<Element> { self }

    /// Releases all subscribers; later subscriptions fail with `RxError.disposed`.
    public func dispose() {
        core.dispose()
    }
}

/// Sendable when its elements are: a subject hands the element sent on one thread to subscribers
/// that may read it on another, so a subject of non-`Sendable` elements stays where it was made.
extension PublishSubject: @unchecked Sendable where Element: Sendable {
    // @unchecked Sendable: its only state is `core`, which guards itself with its lock.
}
