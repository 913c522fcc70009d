import Dispatch
import Foundation

/// Scheduling on a dispatch queue, shared by the dispatch-queue schedulers.
struct DispatchQueueConfiguration: Sendable {
    let queue: DispatchQueue
    let leeway: DispatchTimeInterval

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        let work = UncheckedBox((state, action))
        queue.async {
            if cancel.isDisposed { return }
            cancel.setDisposable(work.value.1(work.value.0))
        }
        return cancel
    }

    func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        let work = UncheckedBox((state, action))
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + dueTime, leeway: leeway)
        timer.setEventHandler {
            if cancel.isDisposed { return }
            cancel.setDisposable(work.value.1(work.value.0))
        }
        timer.resume()
        let timerBox = UncheckedBox(timer)
        return Disposables.create(cancel, Disposables.create { timerBox.value.cancel() })
    }

    func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + startAfter, repeating: period, leeway: leeway)
        let periodic = PeriodicState(state: state, action: action)
        let cancelled = BooleanDisposable()
        timer.setEventHandler {
            if cancelled.isDisposed { return }
            periodic.step()
        }
        timer.resume()
        let timerBox = UncheckedBox(timer)
        return Disposables.create {
            cancelled.dispose()
            timerBox.value.cancel()
        }
    }
}

/// The state threaded through a periodic timer's ticks, which a serial timer source runs one at
/// a time.
final class PeriodicState<State>: @unchecked Sendable {
    // @unchecked Sendable: mutated only by the timer's event handler, which the dispatch source
    // never runs concurrently with itself.
    private var state: State
    private let action: (State) -> State

    init(state: State, action: @escaping (State) -> State) {
        self.state = state
        self.action = action
    }

    func step() {
        state = action(state)
    }
}
