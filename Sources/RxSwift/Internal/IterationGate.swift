/// Runs a step again and again without recursion: a request made while a step runs (on this
/// thread or another) makes the running loop take one more step instead of nesting a call. Used
/// where a synchronous completion would otherwise resubscribe recursively (concat, retry), so
/// that 100,000 chained synchronous sources use constant stack. Requests made during one step
/// count once.
final class IterationGate: @unchecked Sendable {
    // @unchecked Sendable: `queue` is guarded by `lock`.
    private let lock = Lock()
    /// At most one request waits behind the running step.
    private var queue = DeliveryQueue<Void>()

    /// Runs `step` now, or, when a step is already running, asks it to run once more.
    func request(_ step: () -> Void) {
        let start = lock.withLock { () -> Bool in
            if queue.claim() { return true }
            if queue.isEmpty { queue.append(()) }
            return false
        }
        guard start else { return }
        repeat {
            step()
        } while lock.withLock({ queue.next() }) != nil
    }
}
