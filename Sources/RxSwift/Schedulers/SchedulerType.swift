import Dispatch
import Foundation
import Synchronization

/// A time interval used by schedulers and time-based operators.
public typealias RxTimeInterval = DispatchTimeInterval

/// An absolute point in time used by schedulers.
public typealias RxTime = Date

/// A scheduler that can run work now (possibly later on another thread or queue).
///
/// Not `Sendable`, as in RxSwift, so that schedulers written for RxSwift conform in the Swift 6
/// language mode; a conforming type promises that `schedule` may be called from any thread. The
/// library's schedulers are `Sendable`. It is `SendableMetatype` for the same reason: a conformance
/// cannot be isolated to an actor.
public protocol ImmediateSchedulerType: SendableMetatype {
    /// Schedules `action` to run with `state` as soon as possible.
    ///
    /// - Returns: a disposable that cancels the action if it has not run yet.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - action: The work to run.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

/// A scheduler that can also run work after a delay and periodically.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's notion of the current time.
    var now: RxTime { get }

    /// Schedules `action` to run after `dueTime`.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - dueTime: How long from now.
    ///   - action: The work to run.
    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable

    /// Schedules `action` to run after `startAfter`, then every `period`, threading its state.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - startAfter: How long before the first run.
    ///   - period: The time between two runs.
    ///   - action: The work to run.
    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable
}

extension SchedulerType {
    /// Periodic scheduling built from recursive relative scheduling, as RxSwift's: each tick first
    /// schedules the next one, `period` after itself, then runs `action`. So on virtual time the
    /// ticks of `timer(0, period: 20)` subscribed at 200 run at 201, 221, 241 (a relative time of
    /// 0 runs one tick later), and work that `action` schedules for the next tick's instant runs
    /// after that tick. A tick that arrives while `action` still runs (a slow action on a real
    /// scheduler) is counted, and the action runs again at once when it returns: never two at once.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - startAfter: How long before the first run.
    ///   - period: The time between two runs.
    ///   - action: The work to run.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let periodic = PeriodicState(state: state, action: action)
        return scheduleRecursive(PeriodicStep.tick, dueTime: startAfter) { step, recurse in
            // Runs the action for one pending tick; one more pending runs next, as soon as it can.
            func serve() {
                periodic.step()
                if periodic.pendingTicks.subtract(1, ordering: .acquiringAndReleasing).oldValue > 1 {
                    recurse(.dispatchStart, .nanoseconds(0))
                }
            }
            switch step {
            case .tick:
                recurse(.tick, period)
                if periodic.pendingTicks.add(1, ordering: .acquiringAndReleasing).oldValue == 0 { serve() }
            case .dispatchStart:
                serve()
            }
        }
    }
}

/// The steps of the default `schedulePeriodic`.
enum PeriodicStep {
    /// A period elapsed.
    case tick
    /// Run the action for a tick that arrived while it was running.
    case dispatchStart
}

/// Keeps the pending actions of a recursive schedule so disposing it cancels them all.
final class RecursiveScheduling<State>: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `pending` and `disposed` live in the lock; `action` is immutable.
    private struct Pending {
        var disposables: [UInt64: SendableDisposable] = [:]
        var nextKey: UInt64 = 0
        var disposed = false
    }

    private let pending = Locked(Pending())
    private let action: (State, RecursiveScheduling<State>) -> Void
    private let scheduleOne: (RecursiveScheduling<State>, State, @escaping (State) -> Disposable) -> Disposable

    init(
        action: @escaping (State, RecursiveScheduling<State>) -> Void,
        scheduleOne: @escaping (RecursiveScheduling<State>, State, @escaping (State) -> Disposable) -> Disposable
    ) {
        self.action = action
        self.scheduleOne = scheduleOne
    }

    /// Schedules one more run of the action with `state`.
    func schedule(_ state: State) {
        let key: UInt64? = pending.withLock { locked in
            if locked.disposed { return nil }
            defer { locked.nextKey += 1 }
            return locked.nextKey
        }
        guard let key else { return }
        let ran = Atomic<Bool>(false)
        let disposable = scheduleOne(self, state) { [self] state in
            _ = pending.withLock { $0.disposables.removeValue(forKey: key) }
            ran.store(true, ordering: .releasing)
            action(state, self)
            return Disposables.create()
        }
        pending.withLock { locked in
            if ran.load(ordering: .acquiring) { return }
            if locked.disposed { disposable.dispose(); return }
            locked.disposables[key] = SendableDisposable(disposable)
        }
    }

    func dispose() {
        let all: [SendableDisposable] = pending.withLock { locked in
            locked.disposed = true
            defer { locked.disposables = [:] }
            return Array(locked.disposables.values)
        }
        all.forEach { $0.dispose() }
    }
}

extension ImmediateSchedulerType {
    /// Schedules `action` recursively: it receives a function that schedules it again.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - action: The work to run.
    public func scheduleRecursive<State>(
        _ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
    ) -> Disposable {
        let recursion = RecursiveScheduling<State>(
            action: { state, recursion in action(state) { recursion.schedule($0) } },
            scheduleOne: { _, state, body in self.schedule(state, action: body) })
        recursion.schedule(state)
        return recursion
    }
}

extension SchedulerType {
    /// Schedules `action` after `dueTime`, recursively: it receives a function that schedules it
    /// again after a given delay.
    func scheduleRecursive<State>(
        _ state: State, dueTime: RxTimeInterval,
        action: @escaping (_ state: State, _ recurse: (State, RxTimeInterval) -> Void) -> Void
    ) -> Disposable {
        let recursion = RecursiveScheduling<(State, RxTimeInterval)>(
            action: { pair, recursion in action(pair.0) { recursion.schedule(($0, $1)) } },
            scheduleOne: { _, pair, body in self.scheduleRelative(pair, dueTime: pair.1, action: body) })
        recursion.schedule((state, dueTime))
        return recursion
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds (`.never` is infinite).
    var timeInterval: TimeInterval {
        switch self {
        case .seconds(let value): return TimeInterval(value)
        case .milliseconds(let value): return TimeInterval(value) / 1_000
        case .microseconds(let value): return TimeInterval(value) / 1_000_000
        case .nanoseconds(let value): return TimeInterval(value) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }

    /// Whether the interval is zero or negative.
    var isNow: Bool { timeInterval <= 0 }
}

extension TimeInterval {
    /// The interval as a `DispatchTimeInterval` (nanosecond precision).
    var dispatchInterval: DispatchTimeInterval {
        if !isFinite { return .never }
        return .nanoseconds(Int((self * 1_000_000_000).rounded()))
    }
}

extension Date {
    /// The date `interval` later.
    func addingDispatchInterval(_ interval: DispatchTimeInterval) -> Date {
        addingTimeInterval(interval.timeInterval)
    }
}
