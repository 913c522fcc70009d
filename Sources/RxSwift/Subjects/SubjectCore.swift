import Synchronization

/// What a subject broadcasts for one incoming event.
enum SubjectPayload<Element> {
    case one(Event<Element>)
    case many([Event<Element>])
}

/// What distinguishes one kind of subject from another: what it remembers and replays.
protocol SubjectMemory {
    associatedtype Element
    /// Records a terminal event and returns what to broadcast (`nil` for nothing).
    mutating func record(_ event: Event<Element>) -> SubjectPayload<Element>?
    /// Records an element; returns whether to broadcast it now.
    mutating func recordNext(_ element: Element) -> Bool
    /// The events a new subscriber receives first (`stop` is the terminal event, if any).
    func replay(stop: Event<Element>?) -> [Event<Element>]
    /// Forgets what can be forgotten (on disposal).
    mutating func clear()
}

/// Removes subscriptions from the subject core that owns them.
protocol SubjectEntryOwner: AnyObject, Sendable {
    func remove(_ entry: SubjectEntry)
}

/// One subscription to a subject: the disposable its subscriber keeps.
///
/// Not generic, so that the subscriber list and its snapshots are plain arrays of references:
/// per-element code then needs no run-time metadata look-ups. Values travel by address.
class SubjectEntry: Link, @unchecked Sendable {
    // @unchecked Sendable: `index` is guarded by the owning core's lock; `disposed` is atomic;
    // `owner` is written once, in `init`.
    private let disposed = Atomic<Bool>(false)
    /// The entry's slot in the owner's `ObserverList`. 32 bits, stored next to `disposed`, keep
    /// the entry within a 64-byte allocation (the weak owner reference takes 16).
    var index: Int32 = 0
    // Weak: the owner lists this entry, and dropping the subject must free both even when the
    // subscription was never disposed.
    private weak var owner: SubjectEntryOwner?

    init(owner: SubjectEntryOwner?) {
        self.owner = owner
    }

    final var isDisposed: Bool { disposed.load(ordering: .relaxed) }

    /// Stops deliveries without touching the owner (the owner is being disposed).
    final func cancel() {
        disposed.store(true, ordering: .releasing)
    }

    override final func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        owner?.remove(self)
    }

    /// Delivers the element at `element` (of the subscriber's element type).
    func deliverNext(at element: UnsafeRawPointer) {
        rxAbstractMethod()
    }

    /// Delivers the event at `event` (an `Event` of the subscriber's element type).
    func deliver(at event: UnsafeRawPointer) {
        rxAbstractMethod()
    }
}

/// A subscription with its observer.
///
/// A new subscriber first receives its replay (the subject's memory) on the subscribing thread.
/// Broadcasts that reach it meanwhile, from another thread, wait in a `ReplayBacklog` and are
/// delivered right after the replay, so it sees every event once, in order, and never two at
/// once. Only subscriptions that start with a replay allocate the backlog.
final class TypedSubjectObserver<Observer: ObserverType>: SubjectEntry, @unchecked Sendable {
    // @unchecked Sendable: `downstream` and `backlog` are immutable; `downstream` is called
    // serially by the owning core's delivery; the backlog guards its own state.
    typealias Element = Observer.Element

    /// The observer, as a `Link` (see `Sink`).
    private let downstream: Link
    private let backlog: ReplayBacklog<Element>?

    init(owner: SubjectEntryOwner, observer: Observer, replaying: Bool) {
        self.downstream = observer.elementReceiver ?? ObserverAdapter(observer)
        self.backlog = replaying ? ReplayBacklog() : nil
        super.init(owner: owner)
    }

    override func deliverNext(at element: UnsafeRawPointer) {
        if let backlog, backlog.isReplaying, holdNext(at: element, in: backlog) { return }
        guard !isDisposed else { return }
        downstream.receiveNext(at: element)
    }

    // The rare path of `deliverNext`, kept out of it (see `Sink.forwardNext`).
    @inline(never)
    private func holdNext(at element: UnsafeRawPointer, in backlog: ReplayBacklog<Element>) -> Bool {
        backlog.hold(.next(element.assumingMemoryBound(to: Element.self).pointee))
    }

    override func deliver(at event: UnsafeRawPointer) {
        let event = event.assumingMemoryBound(to: Event<Element>.self).pointee
        if let backlog, backlog.isReplaying, backlog.hold(event) { return }
        emit(event)
    }

    private func emit(_ event: Event<Element>) {
        if !isDisposed { Downstream<Element>(link: downstream).on(event) }
    }

    /// Delivers the replay, then whatever was held back meanwhile, then lets broadcasts through.
    func replay(_ events: [Event<Element>]) {
        var batch = events
        while true {
            for event in batch { emit(event) }
            batch = backlog?.takeOrFinish() ?? []
            if batch.isEmpty { return }
        }
    }
}

/// The events a replaying subscriber is sent while its replay is under way.
final class ReplayBacklog<Element>: @unchecked Sendable {
    // @unchecked Sendable: `events` and `replaying` are guarded by `lock`; `flag` is atomic.
    private let flag = Atomic<Bool>(true)
    private let lock = Lock()
    private var replaying = true
    private var events: [Event<Element>] = []

    /// Whether the replay may still be under way (a lock-free first check).
    var isReplaying: Bool { flag.load(ordering: .acquiring) }

    /// Keeps `event` for after the replay; returns false when the replay has finished.
    func hold(_ event: Event<Element>) -> Bool {
        lock.withLock {
            guard replaying else { return false }
            events.append(event)
            return true
        }
    }

    /// Returns the events held so far; when there are none, marks the replay finished.
    func takeOrFinish() -> [Event<Element>] {
        lock.withLock {
            if events.isEmpty {
                replaying = false
                flag.store(false, ordering: .releasing)
            }
            defer { events = [] }
            return events
        }
    }
}

/// Stands in a subscriber list where a subscriber was removed (cheaper than optionals, whose
/// generic metadata would be looked up per element).
final class RemovedEntry: SubjectEntry, @unchecked Sendable {
    // @unchecked Sendable: stateless beyond `SubjectEntry`.
    static let shared = RemovedEntry()

    private init() {
        super.init(owner: nil)
    }

    override func deliverNext(at element: UnsafeRawPointer) {}
    override func deliver(at event: UnsafeRawPointer) {}
}

/// The subscribers of a subject in subscription order, with O(1) removal.
struct ObserverList {
    private(set) var slots: ContiguousArray<SubjectEntry> = []
    private(set) var count = 0

    mutating func insert(_ entry: SubjectEntry) {
        entry.index = Int32(slots.count)
        slots.append(entry)
        count += 1
    }

    mutating func remove(_ entry: SubjectEntry) {
        let index = Int(entry.index)
        guard index < slots.count, slots[index] === entry else { return }
        slots[index] = RemovedEntry.shared
        count -= 1
        if count == 0 {
            slots.removeAll()
        } else if slots.count >= 32 && count * 2 < slots.count {
            var compacted = ContiguousArray<SubjectEntry>()
            compacted.reserveCapacity(count)
            for entry in slots where entry !== RemovedEntry.shared {
                entry.index = Int32(compacted.count)
                compacted.append(entry)
            }
            slots = compacted
        }
    }

    mutating func removeAll() -> ContiguousArray<SubjectEntry> {
        defer { slots = []; count = 0 }
        return slots
    }
}

/// The machinery every subject shares. State changes happen under `lock`; deliveries happen
/// outside it, by one thread at a time, in the order they were decided, so subscribers never see
/// two events at once or out of order, and an event sent from inside a subscriber is delivered
/// after the current one instead of re-entrantly. Each event is delivered to the subscribers
/// present when it arrived; a new subscriber's replay is computed under the same lock that adds
/// it to the list, so it can neither miss nor duplicate an element.
final class SubjectCore<Memory: SubjectMemory>: SubjectEntryOwner, @unchecked Sendable {
    // @unchecked Sendable: every stored `var` is guarded by `lock`.
    typealias Element = Memory.Element

    private struct Delivery {
        let payload: SubjectPayload<Element>
        let targets: ContiguousArray<SubjectEntry>
    }

    // `lock` already excludes overlapping access to these, so the run-time exclusivity checks
    // (`@exclusivity(unchecked)`) would only cost time on every element.
    private let lock = Lock()
    @exclusivity(unchecked) private var memory: Memory
    @exclusivity(unchecked) private var observers = ObserverList()
    @exclusivity(unchecked) private var stopEvent: Event<Element>?
    /// Whether `stopEvent` is set: a plain flag, so that the per-element path needs no metadata
    /// look-up for `Optional<Event<Element>>`.
    @exclusivity(unchecked) private var stopped = false
    @exclusivity(unchecked) private var disposed = false
    @exclusivity(unchecked) private var draining = false
    @exclusivity(unchecked) private var pending = Outbox<Delivery>()
    @exclusivity(unchecked) private var pendingCount = 0

    init(memory: Memory) {
        self.memory = memory
    }

    var hasObservers: Bool { lock.withLock { observers.count > 0 } }

    var isDisposed: Bool { lock.withLock { disposed } }

    /// Reads the memory and terminal state under the lock.
    func read<R>(_ body: (Memory, Event<Element>?, Bool) throws -> R) rethrows -> R {
        try lock.withLock { try body(memory, stopEvent, disposed) }
    }

    /// Broadcasts an element. When nobody is delivering, this thread takes the delivery role and
    /// sends straight to the snapshot; only contended or re-entrant elements are queued.
    func onNext(_ element: Element) {
        var targets: ContiguousArray<SubjectEntry> = []
        let deliverNow = lock.withLock { () -> Bool in
            guard !disposed, !stopped, memory.recordNext(element) else { return false }
            if draining {
                enqueueNext(element)
                return false
            }
            draining = true
            targets = observers.slots
            return true
        }
        guard deliverNow else { return }
        withUnsafePointer(to: element) { element in
            for target in targets { target.deliverNext(at: element) }
        }
        drain()
    }

    func on(_ event: Event<Element>) {
        if case .next(let element) = event { return onNext(element) }
        var delivery: Delivery?
        lock.withLock {
            guard !disposed, !stopped else { return }
            stopEvent = event
            stopped = true
            guard let payload = memory.record(event) else { return }
            let made = Delivery(payload: payload, targets: observers.removeAll())
            if draining {
                enqueue(made)
            } else {
                draining = true
                delivery = made
            }
        }
        guard let delivery else { return }
        deliver(delivery)
        drain()
    }

    /// Subscribes `observer`; returns `nil` when the subject was disposed. The replay is
    /// delivered before this returns, on the calling thread.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable? where Observer.Element == Element {
        var entry: TypedSubjectObserver<Observer>?
        let replay = lock.withLock { () -> [Event<Element>]? in
            if disposed { return nil }
            var replay = memory.replay(stop: stopEvent)
            if let stopEvent {
                replay.append(stopEvent)
                entry = TypedSubjectObserver(owner: self, observer: observer, replaying: false)
            } else {
                let made = TypedSubjectObserver(owner: self, observer: observer, replaying: !replay.isEmpty)
                observers.insert(made)
                entry = made
            }
            return replay
        }
        guard let replay, let entry else { return nil }
        if !replay.isEmpty { entry.replay(replay) }
        return entry
    }

    func remove(_ entry: SubjectEntry) {
        lock.withLock { observers.remove(entry) }
    }

    func dispose() {
        let dropped = lock.withLock { () -> ContiguousArray<SubjectEntry> in
            disposed = true
            stopEvent = nil
            memory.clear()
            pending.removeAll()
            pendingCount = 0
            return observers.removeAll()
        }
        for entry in dropped where entry !== RemovedEntry.shared { entry.cancel() }
    }

    /// Queues an element behind the delivery in progress. Call with `lock` held. Kept out of
    /// `onNext` so that its uncontended path mentions no generic value types.
    @inline(never)
    private func enqueueNext(_ element: Element) {
        enqueue(Delivery(payload: .one(.next(element)), targets: observers.slots))
    }

    /// Queues a delivery behind the one in progress. Call with `lock` held.
    private func enqueue(_ delivery: Delivery) {
        pending.append(delivery)
        pendingCount += 1
    }

    private func deliver(_ delivery: Delivery) {
        switch delivery.payload {
        case .one(let event):
            deliver(event, to: delivery.targets)
        case .many(let events):
            for event in events { deliver(event, to: delivery.targets) }
        }
    }

    private func deliver(_ event: Event<Element>, to targets: ContiguousArray<SubjectEntry>) {
        withUnsafePointer(to: event) { event in
            for target in targets { target.deliver(at: event) }
        }
    }

    /// Delivers what was queued while this thread delivered, then gives up the delivery role.
    /// The common case, nothing queued, is decided on a plain counter.
    private func drain() {
        while lock.withLock({ () -> Bool in
            if pendingCount == 0 { draining = false }
            return draining
        }) {
            deliverQueued()
        }
    }

    @inline(never)
    private func deliverQueued() {
        let delivery = lock.withLock { () -> Delivery? in
            pendingCount -= 1
            return pending.popFirst()
        }
        if let delivery { deliver(delivery) }
    }
}
