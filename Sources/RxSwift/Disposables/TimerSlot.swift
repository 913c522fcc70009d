import Synchronization

/// The timer of a sink that starts timers again and again (delay, buffer, window, throttle,
/// debounce, timeout): it holds the newest one, so that disposing the sink cancels it.
///
/// Each timer comes with a key, decided under the sink's lock together with the decision to
/// start it, and rising with every timer the sink starts. The slot keeps the timer of the highest
/// key it was given and disposes any other. A `SerialDisposable` keeps the last one *assigned*,
/// which is not the newest when a timer fires on another thread before `scheduleRelative` has
/// returned and starts its successor: the late assignment then disposed the successor, and the
/// sink stopped (a `delay` that never completed, a `buffer` that stopped emitting).
final class TimerSlot: Disposable, Sendable {
    private struct State {
        var key = Int.min
        var timer: SendableDisposable?
        var disposed = false
    }

    private let state = Locked(State())

    /// Starts a timer: `action(state)` after `dueTime` on `scheduler`, kept under `key`.
    func schedule<Value>(
        _ value: Value, key: Int, after dueTime: RxTimeInterval, on scheduler: SchedulerType,
        action: @escaping (Value) -> Void
    ) {
        keep(
            scheduler.scheduleRelative(value, dueTime: dueTime) { value in
                action(value)
                return Disposables.create()
            }, key: key)
    }

    /// Keeps `timer` if `key` is the highest seen and the slot is not disposed (disposing the
    /// timer it replaces); otherwise disposes `timer`, which is stale: it has fired, or a newer
    /// timer replaced it.
    func keep(_ timer: Disposable, key: Int) {
        let timer = SendableDisposable(timer)
        let discarded: SendableDisposable? = state.withLock { state in
            guard !state.disposed, key > state.key else { return timer }
            state.key = key
            defer { state.timer = timer }
            return state.timer
        }
        discarded?.dispose()
    }

    /// Disposes the timer held and every timer given later.
    func dispose() {
        let timer: SendableDisposable? = state.withLock { state in
            state.disposed = true
            defer { state.timer = nil }
            return state.timer
        }
        timer?.dispose()
    }
}
