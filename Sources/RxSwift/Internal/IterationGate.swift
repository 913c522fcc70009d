/// Runs a step again and again without recursion: a request made while a step runs (on this
/// thread or another) makes the running loop take one more step instead of nesting a call. Used
/// where a synchronous completion would otherwise resubscribe recursively (concat, retry), so
/// that 100,000 chained synchronous sources use constant stack.
final class IterationGate: @unchecked Sendable {
    // @unchecked Sendable: `running` and `requested` are guarded by `lock`.
    private let lock = Lock()
    private var running = false
    private var requested = false

    /// Runs `step` now, or, when a step is already running, asks it to run once more.
    func request(_ step: () -> Void) {
        let start = lock.withLock { () -> Bool in
            if running {
                requested = true
                return false
            }
            running = true
            return true
        }
        guard start else { return }
        repeat {
            step()
        } while lock.withLock { () -> Bool in
            if requested {
                requested = false
                return true
            }
            running = false
            return false
        }
    }
}
