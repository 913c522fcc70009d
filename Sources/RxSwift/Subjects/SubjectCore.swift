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
    /// Whether deliveries are to be timed and how many senders wait long (`LongWait`): read by
    /// every send as it takes the role and as it gives it up, so it is kept beside the lock,
    /// whose cache line a send takes anyway, and written only when that changes.
    @exclusivity(unchecked) private var attention = SendAttention()
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
    /// Turns for senders that wait long (`onNextContended`, `LongWait`): how long deliveries take,
    /// whether a sender that waits long looked in since the role was last left to one, and the
    /// counter they watch for that.
    @exclusivity(unchecked) private var timings = DeliveryTimings()
    @exclusivity(unchecked) private var longWaiterLooked = false
    @exclusivity(unchecked) private var turns: TurnSignal?
    /// How long the role took to reach the senders given turns lately, in nanoseconds (the
    /// fastest of each few, 0 before them): when the role crosses between two cores slowly, turns
    /// come later (`LongWait.mayWaitLong`).
    @exclusivity(unchecked) private var handOvers = FastestOfWindow()

    init(memory: Memory) {
        self.memory = memory
    }

    var hasObservers: Bool { lock.withLock { observers.count > 0 } }

    /// The most elements that ever waited for the delivering thread at once, and how many times
    /// senders found it stuck and queued past `maximumQueued`.
    var queueHistory: (mostQueued: Int, stalls: Int) { lock.withLock { (mostQueued, stalls) } }

    /// How many senders wait long for the role now, and how many turns were left to them so far
    /// (`LongWait`).
    var turnHistory: (waitingLong: Int, turns: UInt) {
        lock.withLock { (attention.waitingLong, turns?.count.load(ordering: .relaxed) ?? 0) }
    }

    /// Whether deliveries are being timed now, and the fastest of the last whole window of
    /// timings, in nanoseconds (`DeliveryTimings`).
    var timingHistory: (wanted: Bool, fastest: UInt64) {
        lock.withLock { (attention.timingWanted, timings.fastest) }
    }

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
        // 1: another thread had the role; 2: this one took it while `attention` was set.
        var path: UInt8 = 0
        // The snapshot comes back as the closure's result (an optional of a concrete type): a
        // variable of it assigned inside the closure would release its initial empty array per
        // element.
        let targets = lock.withLock { () -> ContiguousArray<SubjectEntry>? in
            guard !disposed, !stopped else { return nil }
            if _slowPath(queue.isDelivering) {
                path = 1
                return nil
            }
            guard memory.recordNext(element) else { return nil }
            _ = queue.claim(by: thread)
            if _slowPath(attention.isSet) {
                path = 2
                startTiming(by: thread)
            }
            return observers.slots
        }
        guard let targets else {
            if _slowPath(path == 1) { onNextContended(element, thread: thread) }
            return
        }
        if _slowPath(path != 0) { return deliverAttentively(element, to: targets) }
        deliver(next: element, to: targets)
        if !lock.withLock({ queue.finishIfIdle() }) { deliverQueued() }
    }

    /// Under the lock, as `thread` takes the role to deliver while `attention` is set: starts
    /// timing the delivery when deliveries are to be timed and this one is
    /// (`DeliveryTimings.began(by:)`).
    @inline(never)
    private func startTiming(by thread: UInt) {
        if attention.timingWanted && timings.began(by: thread) {
            timings.startedAt = DispatchTime.now().uptimeNanoseconds
        }
    }

    /// `onNext`'s delivery when `attention` was set as it took the role: a delivery being timed
    /// is timed to its end, and the role is given up with `finishDelivering`.
    @inline(never)
    private func deliverAttentively(_ element: Element, to targets: ContiguousArray<SubjectEntry>) {
        deliver(next: element, to: targets)
        // Written under the lock by this thread as it took the role, and by nobody else until it
        // gives the role up: the thread that has the role is the only one to time.
        let timed = timings.startedAt != 0
        finishDelivering(endedAt: timed ? DispatchTime.now().uptimeNanoseconds : 0)
    }

    /// Gives the role up, or first delivers what was queued meanwhile. A delivery being timed,
    /// which ended at `endedAt`, is recorded; once the window is whole, deliveries are no longer
    /// timed. When the role is given up and a sender that waits long looked in since a turn was
    /// last left, it is told (`TurnSignal`), and this thread waits `LongWait.pause` before it
    /// returns, so that its own next send does not take the role first.
    private func finishDelivering(endedAt: UInt64 = 0) {
        let turnLeft = lock.withLock { () -> Bool? in
            if endedAt != 0 && timings.record(endedAt: endedAt) { attention.timingWanted = false }
            guard queue.finishIfIdle() else { return nil }
            return attention.waitingLong > 0 && leaveTurn()
        }
        guard let turnLeft else { return deliverQueued() }
        if turnLeft { SpinPause.spin(nanoseconds: LongWait.pause) }
    }

    /// Under the lock, the role just given up while senders wait long: whether one of them
    /// looked in since the role was last left to them (it is then told).
    private func leaveTurn() -> Bool {
        guard longWaiterLooked, let turns else { return false }
        longWaiterLooked = false
        turns.givenAt.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
        turns.count.add(1, ordering: .releasing)
        return true
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
    ///
    /// A sender that has waited long for a role that changes hands slowly asks for its turn
    /// (`LongWait`): the thread that has the role keeps winning it back otherwise, its next send
    /// coming tens of nanoseconds after it gave the role up, where the waiting sender looks in
    /// only at the end of each of its rounds.
    @inline(never)
    private func onNextContended(_ element: Element, thread: UInt) {
        var backoff = Backoff()
        var mayWait = true
        var drain = DrainWait()
        var long = LongWait()
        defer { if long.counted { lock.withLock { attention.waitingLong -= 1 } } }
        while true {
            var busy = false
            var full = false
            var taken: UInt = 0
            // Read before the lock is taken, by a sender that has waited a while (it may ask for
            // the deliveries to be timed).
            let now = backoff.rounds >= LongWait.asksForTimingsAfter ? DispatchTime.now().uptimeNanoseconds : 0
            let targets = lock.withLock { () -> ContiguousArray<SubjectEntry>? in
                guard !disposed, !stopped else { return nil }
                if mayWait && queue.isDelivering(elsewhereThan: thread) {
                    busy = true
                    if _slowPath(now != 0) { lookIn(&long, backoff: backoff, now: now) }
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
                if _slowPath(attention.timingWanted) { _ = timings.began(by: thread) }
                if long.counted {
                    long.counted = false
                    attention.waitingLong -= 1
                    if long.told, let turns = long.turns { timeHandOver(since: turns) }
                }
                return observers.slots
            }
            if busy {
                mayWait = long.wait(&backoff)
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
            finishDelivering()
            return
        }
    }

    /// Under the lock, for a sender that took the role after a turn was left to it: notes how
    /// long the role took to reach it (from the turn to now).
    private func timeHandOver(since turns: TurnSignal) {
        _ = handOvers.add(DispatchTime.now().uptimeNanoseconds &- turns.givenAt.load(ordering: .relaxed))
    }

    /// Under the lock, a waiting sender's look at a role another thread has, at `now` (from its
    /// `LongWait.asksForTimingsAfter`-th round on): it asks for the deliveries to be timed when
    /// the last timings are old (`LongWait.timedAgainAfter`); when deliveries were timed slow
    /// (`LongWait.slowDelivery`), from the round that hand-overs allow on
    /// (`LongWait.mayWaitLong`), it waits long; then each look says so.
    private func lookIn(_ long: inout LongWait, backoff: Backoff, now: UInt64) {
        if !attention.timingWanted && now &- timings.measuredAt > LongWait.timedAgainAfter {
            attention.timingWanted = true
        }
        if !long.counted && timings.fastest > LongWait.slowDelivery
            && LongWait.mayWaitLong(
                rounds: backoff.rounds, handOver: handOvers.fastest,
                sinceLastTurn: now &- (turns?.givenAt.load(ordering: .relaxed) ?? 0))
        {
            long.counted = true
            attention.waitingLong += 1
            if turns == nil { turns = TurnSignal() }
            long.turns = turns
        }
        guard long.counted, let turns = long.turns else { return }
        longWaiterLooked = true
        long.turnsSeen = turns.count.load(ordering: .relaxed)
        long.told = false
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

/// A subject's sender that waits long for the delivering role (`SubjectCore.onNextContended`).
///
/// A sender whose checks keep missing the moment the role is free (the thread that has it sends
/// again tens of nanoseconds after giving it up) waited 3–280 µs for one send in a hundred at
/// 8 threads on 2 cores when deliveries take 0.45 µs (`flatMap` to `just`). When the subject's
/// deliveries are timed slow (`slowDelivery`, `DeliveryTimings`), a sender that has waited a
/// few rounds (about 2 µs, more while hand-overs are slow: `mayWaitLong`) waits long: it says
/// so at each look, and between looks it watches the subject's `TurnSignal`; the next thread
/// to give the role up tells it there and waits `pause` before sending again, so the waiting
/// sender takes the role (Benchmarks/README.md, "Many threads, one sequence"). Where deliveries are short, the wait
/// stays as it was: a hand-over between two cores costs several of them (subject sends fell to
/// half their throughput when every long wait asked for its turn). The deliveries are timed by
/// the thread that makes them, not judged by how often the role changes hands, so a machine
/// that slows the threads down, or a thread that is descheduled, does not make short
/// deliveries look slow.
struct LongWait {
    /// Deliveries timed slower than this, in nanoseconds, are slow (see `DeliveryTimings`).
    static var slowDelivery: UInt64 { 250 }
    /// How many deliveries are timed in a row (the fastest counts), how long the timings stand
    /// (10 ms), and the round from which a waiting sender asks for new ones (about 0.2 µs
    /// waited: 1/32 + 1/16 + 1/8 µs).
    static var window: Int { 4 }
    static var timedAgainAfter: UInt64 { 10_000_000 }
    static var asksForTimingsAfter: Int { 3 }
    /// How long a thread that left the role to a waiting sender waits before sending again.
    static var pause: Int { 250 }

    /// Whether a sender that has waited `rounds` rounds may wait long, given how long
    /// hand-overs of the role took lately (`handOver`, the fastest of the last few) and how long
    /// ago the last turn was left (`sinceLastTurn`), in nanoseconds: from the sixth round (about
    /// 2 µs waited: 1/32 + 1/16 + … + 1 µs) while hand-overs are quick (0.15–0.25 µs when the
    /// host places the two cores near); from the ninth (about 16 µs) once they take over 0.3 µs
    /// (far apart: 0.5–1 µs), as each turn then moves every cache line a delivery touches a long
    /// way (turns from the eighth round left `flatMap` 52–56% of its 1-thread throughput there,
    /// 79% without turns); and once they take over 2 µs (the machine's slow mode, where a
    /// sender given its turn took 7–9 µs to take the role), also only a millisecond after the
    /// last turn, which measures the hand-overs again.
    static func mayWaitLong(rounds: Int, handOver: UInt64, sinceLastTurn: UInt64) -> Bool {
        if handOver <= 300 { return rounds >= 6 }
        return rounds >= 9 && (handOver <= 2_000 || sinceLastTurn > 1_000_000)
    }

    /// Whether this sender is counted in the subject's `waitingLong`, the signal it watches and
    /// the count it saw there last.
    var counted = false
    var turns: TurnSignal?
    var turnsSeen: UInt = 0
    /// Whether a turn was left to this sender since its last look.
    var told = false
    /// Rounds cut short by a turn; at most 64 are not counted against the wait's bound.
    private var wakes = 0

    /// Waits one round of `backoff` (see `Backoff.wait`); a sender that waits long ends it
    /// when it is told of a turn, and such a round does not count (up to 64 of them).
    mutating func wait(_ backoff: inout Backoff) -> Bool {
        guard let turns, wakes < 64 else { return backoff.wait() }
        let seen = turnsSeen
        let before = backoff
        let mayWait = backoff.wait(until: { turns.count.load(ordering: .acquiring) != seen })
        if mayWait && turns.count.load(ordering: .acquiring) != seen {
            backoff = before
            wakes += 1
            told = true
        }
        return mayWait
    }
}

/// How long a subject's deliveries take, timed by the thread that delivers when a waiting
/// sender asks (`LongWait.asksForTimingsAfter`) and the last timings are older than
/// `LongWait.timedAgainAfter`: `LongWait.window` deliveries, the fastest of which counts, so that
/// a delivery the machine descheduled or slowed does not. Only a delivery by the thread that
/// made the one before is timed: the first after the role changed hands first moves the cache
/// lines the deliveries touch to its core (several times a short delivery's time when the two
/// cores are far apart).
struct DeliveryTimings {
    /// The thread that began the last delivery while timings were wanted.
    private var lastThread: UInt = 0
    private var durations = FastestOfWindow()
    /// The fastest delivery of the last whole window, in nanoseconds (0 before one).
    var fastest: UInt64 { durations.fastest }
    /// When the last delivery of that window began (`DispatchTime` uptime, 0 before one).
    private(set) var measuredAt: UInt64 = 0
    /// When the delivery being timed began (0 when none is).
    var startedAt: UInt64 = 0

    /// Notes that `thread` begins a delivery; returns whether to time it.
    mutating func began(by thread: UInt) -> Bool {
        defer { lastThread = thread }
        return thread == lastThread
    }

    /// Records that the delivery being timed ended at `endedAt`; returns whether the window is
    /// whole.
    mutating func record(endedAt: UInt64) -> Bool {
        defer { startedAt = 0 }
        guard durations.add(endedAt &- startedAt) else { return false }
        measuredAt = startedAt
        return true
    }
}

/// The fastest of each `LongWait.window` measurements in a row (a subject's delivery times and
/// hand-over times): a measurement that the machine descheduled or slowed only ever makes one
/// longer, so the fastest of a few is what the work takes.
struct FastestOfWindow {
    private var count = 0
    private var fastestInWindow: UInt64 = .max
    /// The fastest of the last whole window, in nanoseconds (0 before one).
    private(set) var fastest: UInt64 = 0

    /// Adds a measurement; returns whether it made a whole window.
    mutating func add(_ nanoseconds: UInt64) -> Bool {
        fastestInWindow = min(fastestInWindow, nanoseconds)
        count += 1
        guard count == LongWait.window else { return false }
        fastest = fastestInWindow
        fastestInWindow = .max
        count = 0
        return true
    }
}

/// What a subject's sends must look at besides delivering (`SubjectCore.attention`): whether
/// deliveries are to be timed, and how many senders wait long. One word, so that a send checks
/// both at once.
struct SendAttention {
    private var bits: UInt32 = 0

    /// Whether anything is to be looked at.
    var isSet: Bool {
        @inline(__always) get { bits != 0 }
    }

    var timingWanted: Bool {
        get { bits & 1 != 0 }
        set { bits = newValue ? bits | 1 : bits & ~1 }
    }

    var waitingLong: Int {
        get { Int(bits >> 1) }
        set { bits = UInt32(newValue) << 1 | bits & 1 }
    }
}

/// Where senders that wait long for a subject's delivering role watch for their turn: a
/// counter alone on its cache line (padding before and after), so that watching it moves no
/// line the delivering thread writes.
final class TurnSignal: Sendable {
    private let before = InlineArray<8, UInt64>(repeating: 0)
    let count = Atomic<UInt>(0)
    /// When the last turn was left (`DispatchTime` uptime), written before `count` moves.
    let givenAt = Atomic<UInt64>(0)
    private let after = InlineArray<8, UInt64>(repeating: 0)
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
