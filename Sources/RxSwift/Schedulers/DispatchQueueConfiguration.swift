import Dispatch
import Foundation
import Synchronization

/// Scheduling on a dispatch queue, shared by the dispatch-queue schedulers.
struct DispatchQueueConfiguration: Sendable {
    let queue: DispatchQueue
    let leeway: DispatchTimeInterval

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        let work = UncheckedBox((state, action))
        queue.async {
            Stress.handover()
            if cancel.isDisposed { return }
            cancel.setDisposable(work.value.1(work.value.0))
        }
        return cancel
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        let work = UncheckedBox((state, action))
        let timer = UncheckedBox(DispatchSource.makeTimerSource(queue: queue))
        timer.value.schedule(deadline: .now() + dueTime, leeway: leeway)
        // The handler holds the timer so it lives until it fires, even when the caller drops the
        // returned disposable; firing or cancelling releases the handler and the cycle with it.
        timer.value.setEventHandler {
            defer { Self.stop(timer.value) }
            Stress.handover()
            if cancel.isDisposed { return }
            cancel.setDisposable(work.value.1(work.value.0))
        }
        timer.value.resume()
        Stress.handover(long: true)
        return Disposables.create(cancel, Disposables.create { Self.stop(timer.value) })
    }

    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let timer = UncheckedBox(DispatchSource.makeTimerSource(queue: queue))
        timer.value.schedule(deadline: .now() + startAfter, repeating: period, leeway: leeway)
        let periodic = PeriodicState(state: state, action: action)
        let cancelled = BooleanDisposable()
        timer.value.setEventHandler {
            if cancelled.isDisposed { return }
            periodic.step()
        }
        timer.value.resume()
        return Disposables.create {
            cancelled.dispose()
            Self.stop(timer.value)
        }
    }

    /// Cancels a timer and drops its handler (which may hold the timer itself).
    private static func stop(_ timer: DispatchSourceTimer) {
        timer.setEventHandler(handler: nil)
        timer.cancel()
    }
}

/// The state threaded through a periodic schedule's ticks: a dispatch timer's, whose serial timer
/// source runs them one at a time, or `SchedulerType`'s default `schedulePeriodic`, which counts
/// the ticks not yet served in `pendingTicks` and runs one at a time.
final class PeriodicState<State>: @unchecked Sendable {
    // @unchecked Sendable: `state` is mutated only by `step`, which the dispatch source never runs
    // concurrently with itself, and which the default `schedulePeriodic` runs only for the tick
    // that took `pendingTicks` from 0 (the others are served after it, by the same thread).
    private var state: State
    private let action: (State) -> State
    /// The default `schedulePeriodic`'s ticks not yet served (unused by dispatch timers).
    let pendingTicks = Atomic<Int>(0)

    init(state: State, action: @escaping (State) -> State) {
        self.state = state
        self.action = action
    }

    func step() {
        state = action(state)
    }
}
