import Synchronization

/// What a subject broadcasts for one incoming event, or replays to one new subscriber.
enum SubjectPayload<Element> {
    case one(Event<Element>)
    case many([Event<Element>])
}

/// What distinguishes one kind of subject from another: what it remembers and replays.
protocol SubjectMemory {
    associatedtype Element
    /// Records `event` and returns what to broadcast now (`nil` for nothing).
    mutating func record(_ event: Event<Element>) -> SubjectPayload<Element>?
    /// The events a new subscriber receives first (`stop` is the terminal event, if any).
    func replay(stop: Event<Element>?) -> [Event<Element>]
    /// Forgets everything (on disposal).
    mutating func clear()
}

/// Removes subscribers from the subject core that owns them.
protocol SubjectObserverOwner<Element>: AnyObject, Sendable {
    associatedtype Element
    func remove(_ observer: SubjectObserver<Element>)
}

/// One subscription to a subject: the disposable its subscriber keeps.
///
/// A new subscriber first receives its replay (the subject's memory) on the subscribing thread.
/// Broadcasts that reach it meanwhile, from another thread, wait in `backlog` and are delivered
/// right after the replay, so it sees every event once, in order, and never two at once.
class SubjectObserver<Element>: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `index` is guarded by the owning core's lock; `backlog` and
    // `isReplaying` by `backlogLock`; `disposed` and `replaying` are atomics.
    private let disposed = Atomic<Bool>(false)
    private let replaying: Atomic<Bool>
    private let backlogLock = Lock()
    private var isReplaying: Bool
    private var backlog: [Event<Element>] = []
    // Weak: the owner lists this entry, and dropping the subject must free both even when the
    // subscription was never disposed.
    private weak var owner: (any SubjectObserverOwner<Element>)?
    var index = 0

    init(owner: any SubjectObserverOwner<Element>, replaying: Bool) {
        self.owner = owner
        self.replaying = Atomic(replaying)
        self.isReplaying = replaying
    }

    final var isDisposed: Bool { disposed.load(ordering: .relaxed) }

    /// Stops deliveries without touching the owner (the owner is being disposed).
    final func cancel() {
        disposed.store(true, ordering: .releasing)
    }

    final func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        owner?.remove(self)
    }

    /// Delivers a broadcast, or holds it back while the replay is still being delivered.
    final func deliver(_ event: Event<Element>) {
        if replaying.load(ordering: .acquiring) {
            let held = backlogLock.withLock { () -> Bool in
                guard isReplaying else { return false }
                backlog.append(event)
                return true
            }
            if held { return }
        }
        emit(event)
    }

    /// Delivers the replay, then whatever was held back meanwhile, then lets broadcasts through.
    final func replay(_ events: [Event<Element>]) {
        var batch = events
        while true {
            for event in batch { emit(event) }
            batch = backlogLock.withLock {
                if backlog.isEmpty {
                    isReplaying = false
                    replaying.store(false, ordering: .releasing)
                }
                defer { backlog = [] }
                return backlog
            }
            if batch.isEmpty { return }
        }
    }

    func emit(_ event: Event<Element>) {
        rxAbstractMethod()
    }
}

final class TypedSubjectObserver<Observer: ObserverType>: SubjectObserver<Observer.Element>, @unchecked Sendable {
    // @unchecked Sendable: as `SubjectObserver`; `observer` is immutable and called serially by
    // the owning core's drain loop.
    private let observer: Observer

    init(owner: any SubjectObserverOwner<Observer.Element>, observer: Observer, replaying: Bool) {
        self.observer = observer
        super.init(owner: owner, replaying: replaying)
    }

    override func emit(_ event: Event<Observer.Element>) {
        if !isDisposed { observer.on(event) }
    }
}

/// The subscribers of a subject in subscription order, with O(1) removal.
struct ObserverList<Element> {
    private(set) var slots: ContiguousArray<SubjectObserver<Element>?> = []
    private(set) var count = 0

    mutating func insert(_ observer: SubjectObserver<Element>) {
        observer.index = slots.count
        slots.append(observer)
        count += 1
    }

    mutating func remove(_ observer: SubjectObserver<Element>) {
        let index = observer.index
        guard index < slots.count, slots[index] === observer else { return }
        slots[index] = nil
        count -= 1
        if count == 0 {
            slots.removeAll()
        } else if slots.count >= 32 && count * 2 < slots.count {
            var compacted = ContiguousArray<SubjectObserver<Element>?>()
            compacted.reserveCapacity(count)
            for case let observer? in slots {
                observer.index = compacted.count
                compacted.append(observer)
            }
            slots = compacted
        }
    }

    mutating func removeAll() -> ContiguousArray<SubjectObserver<Element>?> {
        defer { slots = []; count = 0 }
        return slots
    }
}

/// The machinery every subject shares. State changes happen under `lock`; deliveries happen
/// outside it, one batch at a time, in the order they were decided, so subscribers never see
/// two events at once or out of order, and an event sent from inside a subscriber is delivered
/// after the current one instead of re-entrantly. Each event is delivered to the subscribers
/// present when it arrived; a new subscriber's replay is computed under the same lock that adds
/// it to the list, so it can neither miss nor duplicate an element.
final class SubjectCore<Memory: SubjectMemory>: SubjectObserverOwner, @unchecked Sendable {
    // @unchecked Sendable: every stored `var` is guarded by `lock`.
    typealias Element = Memory.Element

    private struct Delivery {
        let payload: SubjectPayload<Element>
        let targets: ContiguousArray<SubjectObserver<Element>?>
    }

    private let lock = Lock()
    private var memory: Memory
    private var observers = ObserverList<Element>()
    private var stopEvent: Event<Element>?
    private var disposed = false
    private var draining = false
    private var pending = Outbox<Delivery>()

    init(memory: Memory) {
        self.memory = memory
    }

    var hasObservers: Bool { lock.withLock { observers.count > 0 } }

    var isDisposed: Bool { lock.withLock { disposed } }

    var isStopped: Bool { lock.withLock { stopEvent != nil } }

    /// Reads the memory and terminal state under the lock.
    func read<R>(_ body: (Memory, Event<Element>?, Bool) throws -> R) rethrows -> R {
        try lock.withLock { try body(memory, stopEvent, disposed) }
    }

    func on(_ event: Event<Element>) {
        // Fast path: when nobody is delivering, take the delivery role and send straight to the
        // snapshot; only contended or re-entrant events go through `pending`.
        var targets: ContiguousArray<SubjectObserver<Element>?>?
        var payload: SubjectPayload<Element>?
        lock.withLock {
            guard !disposed, stopEvent == nil else { return }
            if event.isStopEvent { stopEvent = event }
            guard let recorded = memory.record(event) else { return }
            let snapshot = event.isStopEvent ? observers.removeAll() : observers.slots
            if draining {
                pending.append(Delivery(payload: recorded, targets: snapshot))
                return
            }
            draining = true
            targets = snapshot
            payload = recorded
        }
        guard let targets, let payload else { return }
        deliver(payload, to: targets)
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

    func remove(_ observer: SubjectObserver<Element>) {
        lock.withLock { observers.remove(observer) }
    }

    func dispose() {
        let dropped = lock.withLock { () -> ContiguousArray<SubjectObserver<Element>?> in
            disposed = true
            stopEvent = nil
            memory.clear()
            pending.removeAll()
            return observers.removeAll()
        }
        for observer in dropped { observer?.cancel() }
    }

    private func deliver(_ payload: SubjectPayload<Element>, to targets: ContiguousArray<SubjectObserver<Element>?>) {
        switch payload {
        case .one(let event):
            for target in targets { target?.deliver(event) }
        case .many(let events):
            for target in targets {
                for event in events { target?.deliver(event) }
            }
        }
    }

    /// Delivers what was queued while this thread delivered, then gives up the delivery role.
    private func drain() {
        // The common case (nothing queued) is decided with a Bool, without materialising an
        // optional delivery: unspecialised generic code pays a metadata look-up for each.
        while lock.withLock({ () -> Bool in
            if pending.isEmpty { draining = false }
            return draining
        }) {
            guard let delivery = lock.withLock({ pending.popFirst() }) else { continue }
            deliver(delivery.payload, to: delivery.targets)
        }
    }
}
