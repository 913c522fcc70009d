import Synchronization

/// Items waiting to be delivered, in order, without reallocating in the steady state.
struct Outbox<Item> {
    private var items: [Item] = []
    private var head = 0
    /// How many items wait: a plain field, so that checking it in unspecialised generic code
    /// needs no metadata look-up.
    private(set) var count = 0

    /// Whether nothing waits.
    @inline(__always)
    var isEmpty: Bool { count == 0 }

    /// Queues `item` behind the others.
    mutating func append(_ item: Item) {
        items.append(item)
        count += 1
    }

    /// The oldest item, left in place.
    var first: Item? { head < items.count ? items[head] : nil }

    /// Takes the oldest item.
    mutating func popFirst() -> Item? {
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        count -= 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        return item
    }

    /// Drops everything.
    mutating func removeAll() {
        items.removeAll()
        head = 0
        count = 0
    }
}

/// A sink for operators whose events arrive from several sources or threads (merge, combineLatest,
/// timers): its state lives under one `Mutex`, and what it decides to send is queued under that
/// same lock, then delivered outside it by one thread at a time, in the order it was decided.
///
/// No lock is held while downstream or user code runs, so re-entrant calls cannot deadlock: a
/// call made during a delivery queues its output and the delivering thread sends it next.
class LockedSink<State, Item, Input, Output>: Sink<Input, Output>, @unchecked Sendable {
    // @unchecked Sendable: `state`, `outbox` and `draining` are guarded by `lock`; delivery is
    // serialised by the `draining` flag.
    // `lock` already excludes overlapping access to these, so the run-time exclusivity checks
    // (`@exclusivity(unchecked)`) would only cost time on every element.
    fileprivate let lock = Lock()
    @exclusivity(unchecked) fileprivate var state: State
    @exclusivity(unchecked) fileprivate var outbox = Outbox<Item>()
    @exclusivity(unchecked) fileprivate var draining = false

    init(state: State, downstream: Link) {
        self.state = state
        super.init(downstream: downstream)
    }

    /// Runs `body` under the lock. Items it appends to the outbox are delivered after the lock is
    /// released, through `deliver`, serially and in order.
    @discardableResult
    final func synchronized<R>(_ body: (inout State, inout Outbox<Item>) -> R) -> R {
        var mustDrain = false
        let result = lock.withLock {
            let result = body(&state, &outbox)
            if !draining && !outbox.isEmpty {
                draining = true
                mustDrain = true
            }
            return result
        }
        if mustDrain { drain() }
        return result
    }

    /// Reads or changes the state under the lock without sending anything.
    final func withState<R>(_ body: (inout State) -> R) -> R {
        lock.withLock { body(&state) }
    }

    fileprivate final func drain() {
        while true {
            var next: Item?
            lock.withLock {
                next = outbox.popFirst()
                if next == nil { draining = false }
            }
            guard let item = next else { return }
            deliver(item)
        }
    }

    /// Delivers one item; called serially. Subclasses override it.
    func deliver(_ item: Item) {
        rxAbstractMethod()
    }
}

/// A `LockedSink` whose queued items are plain events for the downstream observer.
class EventLockedSink<State, Input, Output>: LockedSink<State, Event<Output>, Input, Output>, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink`.
    override func deliver(_ item: Event<Output>) {
        forward(item)
    }

    /// Queues completion behind what was decided before it.
    override func receiveCompleted() {
        synchronized { _, outbox in outbox.append(.completed) }
    }

    /// Queues the error behind what was decided before it.
    override func receiveError(_ error: Swift.Error) {
        synchronized { _, outbox in outbox.append(.error(error)) }
    }

    /// Sends `element` if `accept`, run under the lock, says so. When no other thread is
    /// delivering, the element goes straight downstream without being wrapped in an `Event` or
    /// queued (the per-element fast path); otherwise it is queued behind the delivery in progress.
    final func synchronizedNext(_ element: Output, accept: (inout State) -> Bool) {
        let sendNow = lock.withLock { () -> Bool in
            guard accept(&state) else { return false }
            if draining {
                queueNext(element)
                return false
            }
            draining = true
            return true
        }
        guard sendNow else { return }
        forwardNext(element)
        if lock.withLock({ () -> Bool in
            if outbox.isEmpty { draining = false }
            return draining
        }) {
            drain()
        }
    }

    /// The contended path of `synchronizedNext`. Call with `lock` held.
    @inline(never)
    private final func queueNext(_ element: Output) {
        outbox.append(.next(element))
    }
}
