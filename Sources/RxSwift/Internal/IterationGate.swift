/// Runs a step again and again without recursion: a request made while a step runs (on this
/// thread or another) makes the running loop take one more step instead of nesting a call. Used
/// where a synchronous completion would otherwise resubscribe recursively (concat, retry), so
/// that 100,000 chained synchronous sources use constant stack. Requests made during one step
/// count once.
///
/// A serial deliverer (`SerialDeliverer`) whose items are "run once more" requests: the thread
/// that has the delivering role runs its own step for each.
final class IterationGate: SerialDeliverer, @unchecked Sendable {
    // @unchecked Sendable: `queue` and `running` are guarded by `lock`; `running` is also read
    // without it by the thread that has the delivering role, the only one that can change it.
    private let lock = Lock()
    /// At most one request waits behind the running step.
    private var queue = DeliveryQueue<Void>()
    /// The step of the thread that has the delivering role; cleared when it gives the role up.
    private var running: (() -> Void)?

    /// Runs `step` now, or, when a step is already running, asks it to run once more.
    func request(_ step: () -> Void) {
        withoutActuallyEscaping(step) { step in
            let start = lock.withLock { () -> Bool in
                if queue.claim() {
                    running = step
                    return true
                }
                if queue.isEmpty { queue.append(()) }
                return false
            }
            guard start else { return }
            step()
            if !withDeliveryQueue({ $0.finishIfIdle() }) { deliverWaiting() }
        }
    }

    /// Runs `body` under the lock; the step goes when the role is given up.
    func withDeliveryQueue<R>(_ body: (inout DeliveryQueue<Void>) -> R) -> R {
        lock.withLock {
            let result = body(&queue)
            if !queue.isDelivering { running = nil }
            return result
        }
    }

    func deliver(_: Void) {
        running?()
    }
}
