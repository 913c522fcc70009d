struct AsyncMemory<Element>: SubjectMemory {
    var last: Element?

    mutating func record(_ event: Event<Element>) -> SubjectPayload<Element>? {
        switch event {
        case .next(let value):
            last = value
            return nil
        case .error:
            return .one(event)
        case .completed:
            return .many(replay(stop: event) + [event])
        }
    }

    mutating func recordNext(_ element: Element) -> Bool {
        last = element
        return false
    }

    func replay(stop: Event<Element>?) -> [Event<Element>] {
        guard case .completed = stop, let last else { return [] }
        return [.next(last)]
    }

    var replaysNothing: Bool { true }

    func forEachReplayed(_ body: (Element) -> Void) {}

    mutating func clear() {
        last = nil
    }
}

/// A subject that emits only its last element, and only when it completes (then completion).
/// An error is forwarded without an element. Thread-safe.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    private let core = SubjectCore(memory: AsyncMemory<Element>())

    /// The observer side is the subject itself.
    public typealias SubjectObserverType = AsyncSubject<Element>

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

    /// Remembers elements; on completion emits the last one and completes.
    ///
    /// - Parameter event: The event.
    public func on(_ event: Event<Element>) {
        core.on(event)
    }

    /// Subscribes `observer`.
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
    public func asObserver() -> AsyncSubject<Element> { self }

    /// Releases subscribers; later subscriptions fail with `RxError.disposed`.
    public func dispose() {
        core.dispose()
    }
}

/// Sendable when its elements are: a subject hands the element sent on one thread to subscribers
/// that may read it on another, so a subject of non-`Sendable` elements stays where it was made.
extension AsyncSubject: @unchecked Sendable where Element: Sendable {
    // @unchecked Sendable: its only state is `core`, which guards itself with its lock.
}
