import Synchronization

/// A sink for operators whose events arrive from several sources or threads (merge, switch,
/// timers): its state lives under one lock, and what it decides to send is queued under that
/// same lock, then delivered outside it by one thread at a time, in the order it was decided
/// (a `DeliveryQueue`).
///
/// No lock is held while downstream or user code runs, so re-entrant calls cannot deadlock: a
/// call made during a delivery queues its output and the delivering thread sends it next.
class LockedSink<State, Item, Input, Output>: Sink<Input, Output>, SerialDeliverer, @unchecked Sendable {
    // @unchecked Sendable: `state` and `queue` are guarded by `lock`; delivery is serialised by
    // `queue`'s delivering role.
    // `lock` already excludes overlapping access to these, so the run-time exclusivity checks
    // (`@exclusivity(unchecked)`) would only cost time on every element.
    fileprivate let lock = Lock()
    @exclusivity(unchecked) fileprivate var state: State
    @exclusivity(unchecked) fileprivate var queue = DeliveryQueue<Item>()

    init(state: State, downstream: Link) {
        self.state = state
        super.init(downstream: downstream)
    }

    /// Runs `body` under the lock. Items it appends to the queue are delivered after the lock is
    /// released, through `deliver`, serially and in order.
    @discardableResult
    final func synchronized<R>(_ body: (inout State, inout DeliveryQueue<Item>) -> R) -> R {
        var mustDrain = false
        let result = lock.withLock {
            let result = body(&state, &queue)
            mustDrain = queue.claimIfWaiting()
            return result
        }
        if mustDrain { deliverWaitingUnlessTheStackIsLow() }
        return result
    }

    /// `deliverWaiting()`, or, where the thread's stack is running out (a chain whose deliveries
    /// nest thousands deep, as recursion through `flatMap` makes), the same once the stack has
    /// unwound to the thread's trampoline: this thread keeps the delivering role meanwhile, so
    /// what is decided after waits behind it, in order (ARCHITECTURE.md, "Deep chains").
    final func deliverWaitingUnlessTheStackIsLow() {
        if _slowPath(CurrentThreadScheduler.mustWaitForTheStack) {
            deliverWaitingWhenTheStackUnwinds()
        } else {
            deliverWaiting()
        }
    }

    /// `deliverWaiting()` once the stack has unwound to the thread's trampoline; the caller has
    /// the delivering role and keeps it until then.
    @inline(never)
    final func deliverWaitingWhenTheStackUnwinds() {
        CurrentThreadScheduler.whenTheStackUnwinds { [self] in deliverWaiting() }
    }

    /// Queues `item` behind what was decided before it, and delivers it if no thread is
    /// delivering (`synchronized` without a decision to make).
    final func send(_ item: Item) {
        synchronized { _, queue in queue.append(item) }
    }

    /// Reads or changes the state under the lock without sending anything.
    final func withState<R>(_ body: (inout State) -> R) -> R {
        lock.withLock { body(&state) }
    }

    final func withDeliveryQueue<R>(_ body: (inout DeliveryQueue<Item>) -> R) -> R {
        lock.withLock { body(&queue) }
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
        send(.completed)
    }

    /// Queues the error behind what was decided before it.
    override func receiveError(_ error: Swift.Error) {
        send(.error(error))
    }

    /// Sends `element` if `accept`, run under the lock, says so. When no other thread is
    /// delivering, the element goes straight downstream without being wrapped in an `Event` or
    /// queued (the per-element fast path); otherwise it is queued behind the delivery in progress.
    final func synchronizedNext(_ element: Output, accept: (inout State) -> Bool) {
        let sendNow = lock.withLock { () -> Bool in
            guard accept(&state) else { return false }
            if queue.claim() { return true }
            queueNext(element)
            return false
        }
        guard sendNow else { return }
        if _slowPath(CurrentThreadScheduler.mustWaitForTheStack) { return forwardWhenTheStackUnwinds(element) }
        forwardNext(element)
        if !lock.withLock({ queue.finishIfIdle() }) { deliverWaiting() }
    }

    /// The element this thread has the role for, queued first and delivered with what follows
    /// it once the stack has unwound (`deliverWaitingUnlessTheStackIsLow`).
    @inline(never)
    private final func forwardWhenTheStackUnwinds(_ element: Output) {
        lock.withLock { queueNext(element) }
        deliverWaitingWhenTheStackUnwinds()
    }

    /// The contended path of `synchronizedNext`. Call with `lock` held.
    @inline(never)
    private final func queueNext(_ element: Output) {
        queue.append(.next(element))
    }
}

/// The state of a `LockedSink` that needs none. Not `Void`: an inout access to a stored property
/// of no size is made at the object's own address, and ThreadSanitizer reports it as racing with
/// every other thread's read of the object's header (its type, read for each method call): four
/// reports with no race behind them, from `take(until:)` whose trigger fired on another thread
/// while the sink was being subscribed.
struct NoLockedState {
    private var unused: UInt8 = 0
}
