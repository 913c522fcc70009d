import Dispatch
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
    /// Whether `replay(stop: nil)` is empty: a subscriber arriving before the terminal event gets
    /// nothing first (asked before building the replay, whose array is a generic type).
    var replaysNothing: Bool { get }
    /// Hands `body` the elements of `replay(stop: nil)`, in order, without building an array of
    /// events (the path a subscriber arriving before the terminal event takes).
    func forEachReplayed(_ body: (Element) -> Void)
    /// Forgets what can be forgotten (on disposal).
    mutating func clear()
    /// Called under the lock before the memory is copied for a replay read outside it: a memory
    /// that shares storage between its copies must not write into the one being read.
    mutating func willBeReadOutsideTheLock()
}

extension SubjectMemory {
    /// Nothing to do for a memory whose copies share nothing mutable.
    mutating func willBeReadOutsideTheLock() {}
}

/// Removes subscriptions from the subject core that owns them. A class, not a protocol, so that
/// an entry's weak reference to its owner takes 8 bytes rather than 16.
class SubjectEntryOwner: @unchecked Sendable {
    // @unchecked Sendable: stateless; `SubjectCore` names its lock.
    func remove(_ entry: SubjectEntry) {
        rxAbstractMethod()
    }
}

/// One subscription to a subject: the disposable its subscriber keeps, and its observer.
///
/// Not generic, so that the subscriber list and its snapshots are plain arrays of references:
/// per-element code then needs no run-time metadata look-ups. Values travel as generic arguments
/// to the observer's `Link`, which recovers their type (`Receiver`). An entry is kept within a
/// 48-byte allocation (memory per subscription is benchmarked): two flags and the 32-bit index
/// share one word, and what a replaying entry holds back lives in the owner.
final class SubjectEntry: Link, @unchecked Sendable {
    // @unchecked Sendable: `index` is guarded by the owning core's lock; the flags are atomic;
    // `owner` and `downstream` are written once, in `init`; `downstream` is called serially by
    // the owning core's delivery.
    private let disposed = Atomic<Bool>(false)
    private let replaying: Atomic<Bool>
    /// The entry's slot in the owner's `ObserverList` (guarded by the owner's lock, so the
    /// run-time exclusivity check would only cost time).
    @exclusivity(unchecked) var index: Int32 = 0
    // Weak: the owner lists this entry, and dropping the subject must free both even when the
    // subscription was never disposed.
    private weak var owner: SubjectEntryOwner?
    /// The observer, as a `Link` (see `Sink`).
    private let downstream: Link

    init(owner: SubjectEntryOwner?, downstream: Link, replaying: Bool) {
        self.owner = owner
        self.downstream = downstream
        self.replaying = Atomic(replaying)
    }

    /// Stands in a subscriber list where a subscriber was removed (cheaper than optionals, whose
    /// generic metadata would be looked up per element): disposed, so it delivers nothing.
    static let removed: SubjectEntry = {
        let entry = SubjectEntry(owner: nil, downstream: NopDisposable.shared, replaying: false)
        entry.cancel()
        return entry
    }()

    var isDisposed: Bool { disposed.load(ordering: .relaxed) }

    /// Whether the entry may still be receiving its replay; while it is, the owner holds back
    /// broadcasts for it.
    var isReplaying: Bool { replaying.load(ordering: .acquiring) }

    /// Marks the replay finished. Called by the owner, under its lock.
    func endReplay() {
        replaying.store(false, ordering: .releasing)
    }

    /// Stops deliveries without touching the owner (the owner is being disposed).
    func cancel() {
        disposed.store(true, ordering: .releasing)
    }

    override func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        owner?.remove(self)
    }

    /// Delivers `element` (of the subscriber's element type).
    func deliver<Value>(next element: Value) {
        if !isDisposed { downstream.receive(next: element) }
    }

    /// Delivers `event` (an `Event` of the subscriber's element type).
    func deliver<Value>(_ event: Event<Value>) {
        guard !isDisposed else { return }
        switch event {
        case .next(let element): downstream.receive(next: element)
        case .error(let error): downstream.receiveError(error)
        case .completed: downstream.receiveCompleted()
        }
    }
}

/// The subscribers of a subject in subscription order, with O(1) removal (amortised).
///
/// The order is RxSwift's bag's: slot 0 apart, then the others in subscription order. A removed
/// subscriber leaves `SubjectEntry.removed` in its slot; the list drops those holes (after slot 0)
/// once they are more than an eighth of the subscribers, in one pass that keeps the order, so a
/// delivery never walks more than 12.5% dead slots however many subscribers came and went.
struct ObserverList {
    private(set) var slots: ContiguousArray<SubjectEntry> = []
    private(set) var count = 0
    /// Removed entries' slots after slot 0.
    private var holes = 0

    /// Adds `entry` at the end, or in the first slot when that one was freed: RxSwift's bag
    /// keeps its first observer apart and refills that place first, so an observer subscribing
    /// after the first one left is notified before the older ones. Users' tests pin that order.
    mutating func insert(_ entry: SubjectEntry) {
        count += 1
        if !slots.isEmpty && slots[0] === SubjectEntry.removed {
            entry.index = 0
            slots[0] = entry
            return
        }
        entry.index = Int32(slots.count)
        slots.append(entry)
    }

    /// Gives the list storage of its own (a copy), so that the next change does not write to
    /// storage a delivery's snapshot may still be reading or has only just let go of (see
    /// `SubjectCore.changeObservers`).
    mutating func takeOwnStorage() {
        var own = ContiguousArray<SubjectEntry>()
        own.reserveCapacity(slots.count)
        own.append(contentsOf: slots)
        slots = own
    }

    mutating func remove(_ entry: SubjectEntry) {
        let index = Int(entry.index)
        guard index < slots.count, slots[index] === entry else { return }
        count -= 1
        if count == 0 {
            slots.removeAll()
            holes = 0
        } else if index > 0 && index == slots.count - 1 {
            slots.removeLast()
        } else {
            slots[index] = SubjectEntry.removed
            if index > 0 { holes += 1 }
            if holes > count / 8 { removeHoles() }
        }
    }

    /// Drops the holes after slot 0, keeping the order: live entries move forward in place
    /// (swaps, no reference counting), and the holes, gathered at the end, go at once.
    private mutating func removeHoles() {
        let removed = SubjectEntry.removed
        let kept = slots.withUnsafeMutableBufferPointer { slots -> Int in
            var kept = 1
            for index in 1..<slots.count where slots[index] !== removed {
                if index != kept {
                    slots.swapAt(index, kept)
                    slots[kept].index = Int32(kept)
                }
                kept += 1
            }
            return kept
        }
        slots.removeLast(slots.count - kept)
        holes = 0
    }

    mutating func removeAll() -> ContiguousArray<SubjectEntry> {
        defer { slots = []; count = 0; holes = 0 }
        return slots
    }
}

/// How many elements sent from other threads may wait for a subject's delivering thread before
/// a further sender waits for room (`SubjectCore.onNextContended`). Re-entrant sends, and sends
/// to a deliverer that is stuck, queue whatever the count.
let maximumQueued = 256

/// The machinery every subject shares. State changes happen under `lock`; deliveries happen
/// outside it, by one thread at a time, in the order they were decided (a `DeliveryQueue`), so
/// subscribers never see two events at once or out of order, and an event sent from inside a
/// subscriber is delivered after the current one instead of re-entrantly, by the same thread,
/// before the call that sent it returns. Each event is delivered to the subscribers present
/// when it arrived; a new subscriber's replay is computed under the same lock that adds it to
/// the list, so it can neither miss nor duplicate an element (`SubjectReplay.swift`).
///
/// Generic over `Element` as well as its memory (whose element it is), so that per-element code
/// finds the element's type among the class's own generic arguments instead of asking the
/// run-time for the memory's associated type on every element.
final class SubjectCore<Element, Memory: SubjectMemory>: SubjectEntryOwner, @unchecked Sendable
where Memory.Element == Element {
    // @unchecked Sendable: every stored `var` is guarded by `lock`.

    // `lock` already excludes overlapping access to these, so the run-time exclusivity checks
    // (`@exclusivity(unchecked)`) would only cost time on every element.
    let lock = Lock()
    @exclusivity(unchecked) private var memory: Memory
    @exclusivity(unchecked) private var observers = ObserverList()
    @exclusivity(unchecked) private var stopEvent: Event<Element>?
    /// Whether `stopEvent` is set: a plain flag, so that the per-element path does not read an
    /// `Optional<Event<Element>>` (ARCHITECTURE.md, "Rules for code on the per-element path").
    @exclusivity(unchecked) private(set) var stopped = false
    @exclusivity(unchecked) private var disposed = false
    /// Deliveries decided while another thread was delivering, and the delivering role. Their
    /// items are objects (`QueuedDelivery`), so that queuing and taking one names no generic
    /// type: in this unspecialised code each such name is a run-time metadata look-up.
    @exclusivity(unchecked) var queue = DeliveryQueue<QueuedDelivery>()
    /// `QueuedNext<Element, Memory>`, named once: a queued element is made through it.
    private let queuedNext = QueuedNext<Element, Memory>.self
    /// What was broadcast to each replaying subscriber while its replay was under way (not
    /// generic, so that a replaying subscription looks no metadata up to use it).
    @exclusivity(unchecked) var backlogs: [ObjectIdentifier: ReplayBacklog] = [:]
    /// The deliverer's `queue.taken` when a sender last found it stuck behind a full queue
    /// (`DrainWait`): while it has not moved, senders queue without waiting.
    @exclusivity(unchecked) private var stalledAt: UInt = .max
    /// The most elements that ever waited in `queue` at once, and how many times senders found
    /// the deliverer stuck (tests check the bound: `queueHistory`).
    @exclusivity(unchecked) private var mostQueued = 0
    @exclusivity(unchecked) private var stalls = 0

    init(memory: Memory) {
        self.memory = memory
    }

    var hasObservers: Bool { lock.withLock { observers.count > 0 } }

    /// The most elements that ever waited for the delivering thread at once, and how many times
    /// senders found it stuck and queued past `maximumQueued`.
    var queueHistory: (mostQueued: Int, stalls: Int) { lock.withLock { (mostQueued, stalls) } }

    var isDisposed: Bool { lock.withLock { disposed } }

    /// Whether a terminal event arrived and the subject was not disposed since (read without
    /// naming `Event`, a generic type).
    var hasTerminated: Bool { lock.withLock { stopped && !disposed } }

    /// Reads the memory and terminal state under the lock.
    func read<R>(_ body: (Memory, Event<Element>?, Bool) throws -> R) rethrows -> R {
        try lock.withLock { try body(memory, stopEvent, disposed) }
    }

    /// Broadcasts an element. When nobody is delivering, this thread takes the delivery role and
    /// sends straight to the snapshot. When another thread is delivering, this one waits a short,
    /// bounded while for the role (`onNextContended`), so that each sender delivers its own
    /// element, as it does alone; only re-entrant elements, and those whose sender waited its
    /// bound out, are queued for the delivering thread.
    func onNext(_ element: Element) {
        let thread = currentThreadID()
        var contended = false
        // The snapshot comes back as the closure's result (an optional of a concrete type): a
        // variable of it assigned inside the closure would release its initial empty array per
        // element.
        let targets = lock.withLock { () -> ContiguousArray<SubjectEntry>? in
            guard !disposed, !stopped else { return nil }
            if _slowPath(queue.isDelivering) {
                contended = true
                return nil
            }
            guard memory.recordNext(element) else { return nil }
            _ = queue.claim(by: thread)
            return observers.slots
        }
        guard let targets else {
            if _slowPath(contended) { onNextContended(element, thread: thread) }
            return
        }
        deliver(next: element, to: targets)
        if !lock.withLock({ queue.finishIfIdle() }) { deliverQueued() }
    }

    /// `onNext` when another delivery was under way. A send from another thread waits for the
    /// role (`Backoff`: a few microseconds of spinning, then two yields), and then records and
    /// delivers its element itself: a queued element costs an object, a retained snapshot and
    /// cache lines moved to the delivering thread, so with many threads sending, the one
    /// delivering falls behind (a third of one thread's throughput at 8 threads on 2 cores,
    /// against five sixths this way; Benchmarks/README.md, "Many threads, one sequence"). The
    /// element is recorded only when it is delivered or queued, so the order of recording (what
    /// a later subscriber's replay holds) stays the order of delivery. A re-entrant send (from
    /// inside this thread's delivery) and a send that waited its bound out are queued: the
    /// wait is bounded, and a thread that has the role waits for nobody, so no two threads wait
    /// for each other.
    ///
    /// A queue holds at most `maximumQueued` elements from other threads while its deliverer
    /// works through it: a sender that finds it full waits for room (`DrainWait`), so senders
    /// faster than their subscribers are slowed to the subscribers' pace instead of filling
    /// memory without bound (as senders are in RxSwift, where each delivers its own element).
    /// It queues anyway once the deliverer has taken nothing for `DrainWait.stallLimit`.
    @inline(never)
    private func onNextContended(_ element: Element, thread: UInt) {
        var backoff = Backoff()
        var mayWait = true
        var drain = DrainWait()
        while true {
            var busy = false
            var full = false
            var taken: UInt = 0
            let targets = lock.withLock { () -> ContiguousArray<SubjectEntry>? in
                guard !disposed, !stopped else { return nil }
                if mayWait && queue.isDelivering(elsewhereThan: thread) {
                    busy = true
                    return nil
                }
                if queue.count >= maximumQueued && queue.isDelivering(elsewhereThan: thread)
                    && stalledAt != queue.taken
                {
                    full = true
                    taken = queue.taken
                    return nil
                }
                guard memory.recordNext(element) else { return nil }
                guard queue.claim(by: thread) else {
                    enqueueNext(element)
                    return nil
                }
                return observers.slots
            }
            if busy {
                mayWait = backoff.wait()
                continue
            }
            if full {
                if !drain.wait(taken: taken) {
                    lock.withLock {
                        stalledAt = taken
                        stalls += 1
                    }
                }
                continue
            }
            guard let targets else { return }
            deliver(next: element, to: targets)
            if !lock.withLock({ queue.finishIfIdle() }) { deliverQueued() }
            return
        }
    }

    /// Delivers `element` to `targets` (holding it back for a subscriber still replaying).
    @inline(__always)
    func deliver(next element: Element, to targets: ContiguousArray<SubjectEntry>) {
        // `targets` keeps every entry alive for the loop: each is used without a retain.
        targets.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                Unmanaged.passUnretained(entries[index])._withUnsafeGuaranteedRef { target in
                    if target.isReplaying && !holdNext(element, for: target) { return }
                    target.deliver(next: element)
                }
            }
        }
    }

    func on(_ event: Event<Element>) {
        if case .next(let element) = event { return onNext(element) }
        var delivery: QueuedDelivery?
        lock.withLock {
            guard !disposed, !stopped else { return }
            stopEvent = event
            stopped = true
            guard let payload = memory.record(event) else { return }
            let made = QueuedEvents(core: self, payload: payload, targets: observers.removeAll())
            if queue.claim() {
                delivery = made
            } else {
                queue.append(made)
            }
        }
        guard let delivery else { return }
        delivery.deliver()
        if !lock.withLock({ queue.finishIfIdle() }) { deliverQueued() }
    }

    /// Subscribes `observer` (see `subscribe(receiver:subject:)`).
    func subscribe<Observer: ObserverType>(_ observer: Observer, subject: AnyObject) -> Disposable
    where Observer.Element == Element {
        subscribe(receiver: observer.receiverLink, subject: subject)
    }

    /// Subscribes `receiver`. The replay is delivered before this returns, on the calling
    /// thread. When the subject was disposed, `receiver` gets `RxError.disposed` instead.
    func subscribe(receiver: Link, subject: AnyObject) -> Link {
        if RxTrace.shouldRecord {
            return TraceContext.record(subject, of: Element.self, receiver: receiver, kind: "subject") { receiver in
                subscribeUntraced(receiver: receiver, subject: subject)
            }
        }
        return subscribeUntraced(receiver: receiver, subject: subject)
    }

    private func subscribeUntraced(receiver: Link, subject: AnyObject) -> Link {
        if let subscription = subscribe(receiver: receiver) { return subscription }
        receiver.receiveError(RxError.disposed(subject: subject))
        return NopDisposable.shared
    }

    /// Subscribes `receiver`; returns `nil` when the subject was disposed.
    private func subscribe(receiver: Link) -> Link? {
        // Nothing to replay (a publish subject, or an empty memory) and not ended: the entry is
        // all there is, and naming no generic type here keeps run-time metadata look-ups out.
        let plain = lock.withLock { () -> SubjectEntry? in
            guard !disposed, !stopped, memory.replaysNothing else { return nil }
            let made = SubjectEntry(owner: self, downstream: receiver, replaying: false)
            changeObservers { $0.insert(made) }
            return made
        }
        return plain ?? subscribeReplaying(receiver: receiver)
    }

    /// `subscribe(receiver:)` with a replay or a terminal event to deliver first. The memory is
    /// copied under the lock that adds the entry, so the replay can neither miss nor repeat an
    /// element; the copy is read outside it.
    @inline(never)
    private func subscribeReplaying(receiver: Link) -> Link? {
        var entry: SubjectEntry?
        var ended = false
        let snapshot = lock.withLock { () -> Memory in
            if disposed { return memory }
            if stopped {
                ended = true
                return memory
            }
            let made = SubjectEntry(owner: self, downstream: receiver, replaying: true)
            changeObservers { $0.insert(made) }
            backlogs[ObjectIdentifier(made)] = ReplayBacklog()
            entry = made
            memory.willBeReadOutsideTheLock()
            return memory
        }
        if ended { return subscribeAfterEnd(receiver: receiver) }
        guard let entry else { return nil }
        deliverReplay(of: snapshot, to: entry)
        return entry
    }

    /// Subscribes `receiver` to a subject that ended: it gets the replay and the terminal event,
    /// and is not listed.
    private func subscribeAfterEnd(receiver: Link) -> Link? {
        let replay = lock.withLock { () -> [Event<Element>]? in
            guard let stopEvent, !disposed else { return nil }
            return memory.replay(stop: stopEvent) + [stopEvent]
        }
        guard let replay else { return nil }
        let entry = SubjectEntry(owner: self, downstream: receiver, replaying: false)
        for event in replay { entry.deliver(event) }
        return entry
    }

    override func remove(_ entry: SubjectEntry) {
        lock.withLock {
            changeObservers { $0.remove(entry) }
            // Only a replaying entry has a backlog (both end together, under this lock).
            if entry.isReplaying { backlogs[ObjectIdentifier(entry)] = nil }
        }
    }

    /// Changes the subscriber list, under the lock. While another thread has the delivering
    /// role, the list first gets storage of its own: that thread's snapshot shared the list's
    /// storage, and once it lets its snapshot go (before it takes the lock again to give the
    /// role up), the storage would be unique and changed in place, with nothing that
    /// ThreadSanitizer sees (it sees locks, not reference counts) ordering the delivery's reads
    /// before the write (it reported that once in CI, `RelayReentrancyTests`). Copying then costs
    /// what the copy on write costs while the snapshot is held. A change made by the delivering
    /// thread itself, or with nobody delivering, is ordered by the thread or by the lock.
    @inline(__always)
    private func changeObservers(_ change: (inout ObserverList) -> Void) {
        if _slowPath(queue.isDelivering) && queue.isDelivering(elsewhereThan: currentThreadID()) {
            observers.takeOwnStorage()
        }
        change(&observers)
    }

    func dispose() {
        let dropped = lock.withLock { () -> ContiguousArray<SubjectEntry> in
            disposed = true
            stopEvent = nil
            memory.clear()
            queue.removeAll()
            backlogs = [:]
            return observers.removeAll()
        }
        for entry in dropped where entry !== SubjectEntry.removed { entry.cancel() }
    }

    /// Queues an element behind the delivery in progress. Call with `lock` held. Kept out of
    /// `onNext` so that its uncontended path mentions no generic value types.
    @inline(never)
    private func enqueueNext(_ element: Element) {
        queue.append(queuedNext.init(core: self, element: element, targets: observers.slots))
        mostQueued = max(mostQueued, queue.count)
    }

    /// Delivers what was queued, in order, until nothing is; then gives the delivering role up.
    @inline(never)
    private func deliverQueued() {
        while let delivery = lock.withLock({ queue.next() }) {
            delivery.deliver()
        }
    }

    /// Delivers `event` to `targets` (holding it back for a subscriber still replaying).
    func deliver(_ event: Event<Element>, to targets: ContiguousArray<SubjectEntry>) {
        for target in targets {
            if target.isReplaying {
                switch hold(event, for: target) {
                case .held: continue
                case .deliver: break
                case .deliverAfter(let backlog): deliver(held: backlog, to: target)
                }
            }
            target.deliver(event)
        }
    }
}

/// A delivery a subject queued behind the one in progress (a contended or re-entrant send).
class QueuedDelivery {
    /// Delivers it. Called by the thread that holds the subject's delivering role.
    func deliver() {
        rxAbstractMethod()
    }
}

/// An element for the subscribers present when it was sent.
final class QueuedNext<Element, Memory: SubjectMemory>: QueuedDelivery where Memory.Element == Element {
    private let core: SubjectCore<Element, Memory>
    private let element: Element
    private let targets: ContiguousArray<SubjectEntry>

    /// `required`, so that the core makes it through the metatype it stored (see `queuedNext`).
    required init(core: SubjectCore<Element, Memory>, element: Element, targets: ContiguousArray<SubjectEntry>) {
        self.core = core
        self.element = element
        self.targets = targets
    }

    override func deliver() {
        core.deliver(next: element, to: targets)
    }
}

/// A terminal event, with what the subject's memory sends before it, for the subscribers present
/// when it was sent.
final class QueuedEvents<Element, Memory: SubjectMemory>: QueuedDelivery where Memory.Element == Element {
    private let core: SubjectCore<Element, Memory>
    private let payload: SubjectPayload<Element>
    private let targets: ContiguousArray<SubjectEntry>

    init(core: SubjectCore<Element, Memory>, payload: SubjectPayload<Element>, targets: ContiguousArray<SubjectEntry>) {
        self.core = core
        self.payload = payload
        self.targets = targets
    }

    override func deliver() {
        switch payload {
        case .one(let event): core.deliver(event, to: targets)
        case .many(let events): for event in events { core.deliver(event, to: targets) }
        }
    }
}

/// The events held back for a subscriber whose replay was handed off to the deliverer.
final class QueuedBacklog<Element, Memory: SubjectMemory>: QueuedDelivery where Memory.Element == Element {
    private let core: SubjectCore<Element, Memory>
    private let target: SubjectEntry

    init(core: SubjectCore<Element, Memory>, target: SubjectEntry) {
        self.core = core
        self.target = target
    }

    override func deliver() {
        core.flushBacklog(of: target)
    }
}
