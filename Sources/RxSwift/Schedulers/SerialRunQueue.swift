import Dispatch
import Synchronization

/// The work of a `SerialDispatchQueueScheduler` on a queue it made itself: kept here in the order
/// it was scheduled, and run by one block on the queue at a time, which takes everything queued
/// when it starts and runs it in order, then dispatches itself again if more came meanwhile.
///
/// Dispatching one block per action, as RxSwift does, costs a wake-up of the queue's thread for
/// each action that finds the queue idle: with a fast consumer and many senders, every event of
/// `observe(on:)` paid for one (0.8–1.0 M events a second at 8 threads on 2 cores, against 2.0 M
/// when the queue happened to stay busy). One block per batch pays it once a batch (2.7–2.8 M at
/// 1 and 8 threads; Benchmarks/README.md, "Many threads, one sequence").
///
/// Only a queue the scheduler made: nothing else can put blocks on it, so every action still runs
/// in the order it was scheduled, as with one block each. A timer's action is queued here when
/// the timer fires, behind what was scheduled before that. On a queue the caller passed in
/// (`init(serialQueue:)`), where the caller's own blocks go too, the scheduler dispatches one
/// block per action.
final class SerialRunQueue: @unchecked Sendable {
    // @unchecked Sendable: `actions` and `draining` are guarded by `lock`; `queue` is immutable.
    private let queue: DispatchQueue
    private let lock = Lock()
    /// What was scheduled and not yet taken by a block.
    private var actions: [() -> Void] = []
    /// Whether a block is on the queue or running: it takes what `actions` holds.
    private var draining = false

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Runs `action` on the queue after everything scheduled before it.
    func enqueue(_ action: @escaping () -> Void) {
        let dispatch = lock.withLock { () -> Bool in
            actions.append(action)
            defer { draining = true }
            return !draining
        }
        if dispatch { queue.async { self.drain() } }
    }

    /// Runs `action` as `enqueue` does unless the disposable this returns is disposed first; the
    /// disposable then holds what `action` returned.
    func schedule(_ action: @escaping () -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        enqueue {
            if cancel.isDisposed { return }
            cancel.setDisposable(action())
        }
        return cancel
    }

    /// One block's work: the actions queued when it starts, in order, then another block if
    /// more were queued meanwhile (behind any timer that fired during these).
    private func drain() {
        let batch = lock.withLock { () -> [() -> Void] in
            defer { actions = [] }
            return actions
        }
        for action in batch {
            Stress.handover()
            action()
        }
        let more = lock.withLock { () -> Bool in
            if actions.isEmpty { draining = false }
            return draining
        }
        if more { queue.async { self.drain() } }
    }
}
