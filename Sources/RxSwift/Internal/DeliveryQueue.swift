/// "Decide under the lock, deliver outside it": the part of a serial deliverer's state that its
/// owner keeps under its own lock, next to what the decisions read (ARCHITECTURE.md, "Serial
/// delivery").
///
/// A thread that decides to send something either takes the delivering role (nobody had it) and
/// sends at once, without queueing (the uncontended fast path), or queues the item for the
/// thread that has the role. The deliverer, outside the lock, sends its own item and then every
/// queued one, and gives the role up, under the lock, only when nothing waits. So deliveries
/// never overlap, keep the order in which they were decided, and run with no lock held: a
/// decision made by a delivery (re-entrantly) is queued behind it instead of nesting.
///
/// The owner decides with the queue's methods under its lock; the deliverer's loop is written
/// once, by `SerialDeliverer`:
///
/// ```swift
/// let deliverNow = lock.withLock { queue.claim() }      // or: queue.enqueue(item)
/// guard deliverNow else { return }
/// deliver(item)
/// if !lock.withLock({ queue.finishIfIdle() }) { deliverWaiting() }
/// ```
///
/// The methods the fast path calls are inlined, so that an owner that is generic code does not
/// look up the metadata of `Item` on every element.
struct DeliveryQueue<Item> {
    private var waiting = Outbox<Item>()
    /// Who has the delivering role: 0 nobody, `UInt.max` a thread that took it with `claim()`
    /// (no thread id is `UInt.max`), otherwise the id of the thread that took it with `claim(by:)`, so that an owner
    /// whose senders wait for the role tells its own re-entrant sends, which must queue, from
    /// other threads' (see `SubjectCore.onNext`).
    /// (A literal, not a static member: in unspecialised code a static of this generic type is
    /// a run-time metadata look-up, measured at 370 instructions per element on workload 06.)
    private var deliverer: UInt = 0
    /// How many items the deliverer took so far: a sender that waits for room in a long queue
    /// tells a deliverer that works through it from one that is stuck (`SubjectCore`).
    private(set) var taken: UInt = 0

    /// Whether a thread has the delivering role. When it is false, nothing waits.
    var isDelivering: Bool {
        @inline(__always) get { deliverer != 0 }
    }

    /// Whether nothing waits.
    var isEmpty: Bool {
        @inline(__always) get { waiting.isEmpty }
    }

    /// How many items wait.
    var count: Int { waiting.count }

    /// Takes the delivering role if nobody has it; returns whether it did.
    @inline(__always)
    mutating func claim() -> Bool {
        if isDelivering { return false }
        deliverer = .max
        return true
    }

    /// Takes the delivering role for `thread` if nobody has it; returns whether it did.
    @inline(__always)
    mutating func claim(by thread: UInt) -> Bool {
        if isDelivering { return false }
        deliverer = thread
        return true
    }

    /// Whether another thread than `thread` has the delivering role.
    @inline(__always)
    func isDelivering(elsewhereThan thread: UInt) -> Bool {
        deliverer != 0 && deliverer != thread
    }

    /// Takes the delivering role if nobody has it and items wait (queued by the caller with
    /// `append`); returns whether it did.
    @inline(__always)
    mutating func claimIfWaiting() -> Bool {
        !waiting.isEmpty && claim()
    }

    /// Queues `item` and takes the delivering role if nobody has it; returns whether it did
    /// (the caller must then deliver what waits).
    mutating func enqueue(_ item: Item) -> Bool {
        waiting.append(item)
        return claim()
    }

    /// Queues `item` behind the others, leaving the role as it is.
    mutating func append(_ item: Item) {
        waiting.append(item)
    }

    /// For the deliverer: gives the role up if nothing waits; returns whether it did.
    @inline(__always)
    mutating func finishIfIdle() -> Bool {
        if !waiting.isEmpty { return false }
        deliverer = 0
        return true
    }

    /// For the deliverer: the oldest waiting item, if any.
    mutating func popFirst() -> Item? {
        guard let item = waiting.popFirst() else { return nil }
        taken &+= 1
        return item
    }

    /// For the deliverer: the oldest waiting item, or `nil` after giving the role up.
    mutating func next() -> Item? {
        if let item = popFirst() { return item }
        deliverer = 0
        return nil
    }

    /// Drops what waits (on disposal); the deliverer finds nothing more and gives the role up.
    mutating func removeAll() {
        waiting.removeAll()
    }
}

/// The owner of a `DeliveryQueue`: the one serial-delivery primitive of the library. The owner
/// keeps the queue under its lock beside the state its decisions read, says how to reach them
/// (`withDeliveryQueue`) and how to deliver one item (`deliver`); the deliverer's loop is written
/// here and nowhere else.
///
/// The uncontended fast path stays in the owner, inlined into its per-element code: claim the
/// role and decide under the lock, deliver, then give the role up with
/// `lock.withLock { queue.finishIfIdle() }`. Only when that finds items queued meanwhile does the
/// owner call `deliverWaiting()`: generic code that is not specialised pays for the protocol's
/// witness table there, on the contended path, never per element.
///
/// Owners: `LockedSink` (and so every operator fed from several sources or threads),
/// `MultiSourceSink` (combineLatest, zip), `SubjectCore`, `ObserveOnSink` (one item per
/// scheduled step, `deliverOne()`) and `IterationGate`.
protocol SerialDeliverer: AnyObject {
    /// What the owner queues.
    associatedtype DeliveryItem
    /// Runs `body` with the owner's lock held, on its delivery queue.
    func withDeliveryQueue<R>(_ body: (inout DeliveryQueue<DeliveryItem>) -> R) -> R
    /// Delivers one item. Called with no lock held, by the thread that has the delivering role.
    func deliver(_ item: DeliveryItem)
}

extension SerialDeliverer {
    /// For the thread that has the delivering role: delivers every waiting item, in order,
    /// then gives the role up (under the lock, only once nothing waits).
    @inline(never)
    func deliverWaiting() {
        while let item = withDeliveryQueue({ $0.next() }) {
            deliver(item)
        }
    }

    /// For a deliverer that delivers one item per step (a scheduled action each): delivers the
    /// oldest waiting item, if any, and returns whether more wait, in which case the role stays
    /// with the caller, who runs another step; otherwise the role is given up.
    func deliverOne() -> Bool {
        if let item = withDeliveryQueue({ $0.popFirst() }) { deliver(item) }
        return !withDeliveryQueue { $0.finishIfIdle() }
    }
}

/// Items waiting to be delivered, in order: a ring buffer, so that taking the oldest item is
/// O(1) whatever waits behind it, a taken item is released at once, and a backlog that never
/// drains (two threads sending without pause) reuses its storage instead of growing.
///
/// The storage is allocated with the first item and kept for the owner's life. The owner keeps
/// an outbox in one place (under its lock) and never copies it: copies would share the storage.
struct Outbox<Item> {
    private var ring: OutboxRing<Item>?
    /// How many items wait: a plain field, so that checking it in unspecialised generic code
    /// needs no metadata look-up.
    private(set) var count = 0

    /// Whether nothing waits.
    @inline(__always)
    var isEmpty: Bool { count == 0 }

    /// Queues `item` behind the others.
    mutating func append(_ item: Item) {
        if ring == nil { ring = OutboxRing() }
        ring.unsafelyUnwrapped.push(item)
        count += 1
    }

    /// The oldest item, left in place.
    var first: Item? { count > 0 ? ring.unsafelyUnwrapped.oldest : nil }

    /// Takes the oldest item.
    mutating func popFirst() -> Item? {
        guard count > 0 else { return nil }
        count -= 1
        return ring.unsafelyUnwrapped.pop()
    }

    /// Drops everything.
    mutating func removeAll() {
        guard count > 0 else { return }
        count = 0
        ring.unsafelyUnwrapped.removeAll()
    }
}

/// The storage of an `Outbox`: a power-of-two ring of items, guarded by the outbox owner's lock
/// (run-time exclusivity checks would only cost time).
final class OutboxRing<Item> {
    @exclusivity(unchecked) private var items: UnsafeMutablePointer<Item>
    @exclusivity(unchecked) private var capacity = 8
    @exclusivity(unchecked) private var head = 0
    @exclusivity(unchecked) private var count = 0

    init() {
        items = .allocate(capacity: capacity)
    }

    deinit {
        removeAll()
        items.deallocate()
    }

    var oldest: Item { items[head] }

    func push(_ item: Item) {
        if count == capacity { grow() }
        (items + ((head + count) & (capacity - 1))).initialize(to: item)
        count += 1
    }

    /// The oldest item, moved out (its slot no longer holds it). Only when `count > 0`.
    func pop() -> Item {
        let item = (items + head).move()
        head = (head + 1) & (capacity - 1)
        count -= 1
        return item
    }

    func removeAll() {
        while count > 0 { _ = pop() }
        head = 0
    }

    /// Doubles the storage, the items in order from its start.
    private func grow() {
        let larger = UnsafeMutablePointer<Item>.allocate(capacity: capacity * 2)
        let tail = capacity - head
        (larger).moveInitialize(from: items + head, count: tail)
        (larger + tail).moveInitialize(from: items, count: head)
        items.deallocate()
        items = larger
        head = 0
        capacity *= 2
    }
}
