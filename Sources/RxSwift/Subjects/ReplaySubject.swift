/// What a replay subject remembers: every element (no capacity), or the latest `capacity` ones
/// in a ring that, once full, is overwritten in place.
///
/// The elements live in a `ReplaySlots` object rather than an `Array`: this code is generic and
/// not specialised, and every call into an `Array` of the element type here looks its metadata
/// up at run time (about 330 CPU instructions per element of `share(replay: 1)`; so would the
/// generic `isKnownUniquelyReferenced`). A copy of the memory that a replay reads outside the
/// subject's lock shares the slots; the subject, told so (`willBeReadOutsideTheLock`), writes
/// its next element into a copy of them.
struct ReplayMemory<Element>: SubjectMemory {
    let capacity: Int?
    private var slots: ReplaySlots<Element>?
    /// Where the oldest element is once the ring is full (the next one to be overwritten).
    private var start = 0
    /// Whether a copy of this memory is being read outside the lock (then `slots` is theirs too).
    private var shared = false

    init(capacity: Int?) {
        self.capacity = capacity
    }

    mutating func record(_ event: Event<Element>) -> SubjectPayload<Element>? {
        if case .next(let value) = event { _ = recordNext(value) }
        return .one(event)
    }

    mutating func recordNext(_ value: Element) -> Bool {
        if capacity == 0 { return true }
        guard var slots else {
            let slots = ReplaySlots<Element>(room: Swift.min(capacity ?? 16, 16))
            slots.append(value, limit: capacity)
            self.slots = slots
            return true
        }
        if shared {
            slots = slots.copy()
            self.slots = slots
            shared = false
        }
        if let capacity, slots.count == capacity {
            slots.replace(at: start, with: value)
            start = start + 1 == capacity ? 0 : start + 1
        } else {
            slots.append(value, limit: capacity)
        }
        return true
    }

    mutating func willBeReadOutsideTheLock() {
        shared = true
    }

    func replay(stop: Event<Element>?) -> [Event<Element>] {
        var events: [Event<Element>] = []
        forEachReplayed { events.append(.next($0)) }
        return events
    }

    var replaysNothing: Bool { (slots?.count ?? 0) == 0 }

    func forEachReplayed(_ body: (Element) -> Void) {
        guard let slots else { return }
        for index in start..<slots.count { body(slots[index]) }
        for index in 0..<start { body(slots[index]) }
    }

    mutating func clear() {
        slots = nil
        start = 0
        shared = false
    }
}

/// The elements of a `ReplayMemory`: `count` of them, initialised, at the start of storage with
/// room for more, which grows by doubling up to the memory's capacity.
final class ReplaySlots<Element> {
    private var storage: UnsafeMutablePointer<Element>
    private var room: Int
    private(set) var count = 0

    init(room: Int) {
        self.room = Swift.max(room, 1)
        storage = .allocate(capacity: self.room)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    subscript(index: Int) -> Element { storage[index] }

    /// Adds `value` after the others, growing the storage (not beyond `limit`) when it is full.
    func append(_ value: Element, limit: Int?) {
        if count == room {
            let grown = Swift.min(room * 2, limit ?? Int.max)
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: grown)
            larger.moveInitialize(from: storage, count: count)
            storage.deallocate()
            storage = larger
            room = grown
        }
        (storage + count).initialize(to: value)
        count += 1
    }

    /// Replaces the element at `index` (the ring is full).
    func replace(at index: Int, with value: Element) {
        storage[index] = value
    }

    /// A copy with the same elements, for a memory that writes while a copy of it is read.
    func copy() -> ReplaySlots {
        let copy = ReplaySlots(room: room)
        copy.storage.initialize(from: storage, count: count)
        copy.count = count
        return copy
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
