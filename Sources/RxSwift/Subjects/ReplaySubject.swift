struct ReplayMemory<Element>: SubjectMemory {
    let capacity: Int?
    var buffer: [Element] = []
    var head = 0

    mutating func record(_ event: Event<Element>) -> SubjectPayload<Element>? {
        if case .next(let value) = event { _ = recordNext(value) }
        return .one(event)
    }

    mutating func recordNext(_ value: Element) -> Bool {
        guard capacity != 0 else { return true }
        buffer.append(value)
        if let capacity, buffer.count - head > capacity {
            head += 1
            if head >= 64 && head * 2 >= buffer.count {
                buffer.removeFirst(head)
                head = 0
            }
        }
        return true
    }

    func replay(stop: Event<Element>?) -> [Event<Element>] {
        buffer[head...].map { .next($0) }
    }

    var replaysNothing: Bool { head == buffer.count }

    func forEachReplayed(_ body: (Element) -> Void) {
        for index in head..<buffer.count { body(buffer[index]) }
    }

    mutating func clear() {
        buffer = []
        head = 0
    }
}

/// A subject that replays up to `bufferSize` of its latest elements (or all of them) to each new
/// subscriber, then its terminal event if it has terminated. Thread-safe.
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    private let core: SubjectCore<Element, ReplayMemory<Element>>

    /// The observer side is the subject itself.
    public typealias SubjectObserverType = ReplaySubject<Element>

    private init(capacity: Int?) {
        core = SubjectCore(memory: ReplayMemory(capacity: capacity))
        super.init()
    }

    /// A subject replaying at most `bufferSize` elements. A negative `bufferSize` is a bad count,
    /// reported as every other one is: the subject is created failed with
    /// `RxError.argumentOutOfRange`, which each subscriber receives at once.
    ///
    /// - Parameter bufferSize: How many elements the subject replays.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        guard bufferSize >= 0 else {
            let failed = ReplaySubject(capacity: 0)
            failed.onError(
                RxError.argumentOutOfRange(
                    "ReplaySubject.create(bufferSize: \(bufferSize)): bufferSize must be ≥ 0, got \(bufferSize)"))
            return failed
        }
        return ReplaySubject(capacity: bufferSize)
    }

    /// A subject replaying every element it has received.
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplaySubject(capacity: nil)
    }

    /// A subject replaying every element it has received (an earlier OpenRx name).
    @available(*, deprecated, renamed: "createUnbounded()")
    public static func createUnbound() -> ReplaySubject<Element> {
        createUnbounded()
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

    /// Records and broadcasts `event`.
    ///
    /// - Parameter event: The event.
    public func on(_ event: Event<Element>) {
        core.on(event)
    }

    /// Subscribes `observer`: it receives the buffered elements, then future events.
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
    public func asObserver() -> ReplaySubject<Element> { self }

    /// Releases subscribers and the buffer; later subscriptions fail with `RxError.disposed`.
    public func dispose() {
        core.dispose()
    }
}

/// Sendable when its elements are: a subject hands the element sent on one thread to subscribers
/// that may read it on another, so a subject of non-`Sendable` elements stays where it was made.
extension ReplaySubject: @unchecked Sendable where Element: Sendable {
    // @unchecked Sendable: its only state is `core`, which guards itself with its lock.
}
