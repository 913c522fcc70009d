import Foundation
import NIOCore
import RxSwift
import Synchronization

/// A scheduler on a NIO `EventLoop`: work and timers run on the loop's thread, as the channel's
/// own handlers do. `observe(on: EventLoopScheduler(channel.eventLoop))` delivers a pipeline's
/// events on the connection's loop; `throttle`, `window`, `interval` and the other timed
/// operators given it set their timers on that loop.
///
/// Scheduled work that has not started when its disposable is disposed does not run; a timer is
/// cancelled on the loop.
public struct EventLoopScheduler: SchedulerType, Sendable {
    /// The loop the work runs on.
    public let eventLoop: any EventLoop

    /// A scheduler on `eventLoop`.
    public init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    /// The wall clock, as every Rx scheduler's `now`.
    public var now: RxTime { Date() }

    /// Runs `action` on the loop: later, even when called on the loop's own thread (as
    /// `SerialDispatchQueueScheduler` does), so that a pipeline never re-enters itself.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        let work = LoopWork(state: state, action: action)
        eventLoop.execute {
            if cancel.isDisposed { return }
            cancel.setDisposable(work.run())
        }
        return cancel
    }

    /// Runs `action` on the loop after `dueTime` (a NIO scheduled task, cancelled by disposal).
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        let work = LoopWork(state: state, action: action)
        let task = eventLoop.scheduleTask(in: .nanoseconds(Self.nanoseconds(dueTime))) {
            work.fired.store(true, ordering: .relaxed)
            if cancel.isDisposed { return }
            cancel.setDisposable(work.run())
        }
        // Cancelling a NIO timer searches the loop's timers: only one that has not fired is
        // cancelled (a periodic sequence disposes each tick's timer after it fired).
        return Disposables.create(
            cancel, Disposables.create { if !work.fired.load(ordering: .relaxed) { task.cancel() } })
    }

    /// Runs `action` on the loop every `period` after `startAfter`, threading its state (a NIO
    /// repeated task: one timer for the whole sequence, the next tick `period` after the previous
    /// one ended).
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let ticks = LoopTicks(state: state, action: action)
        let repeated = eventLoop.scheduleRepeatedTask(
            initialDelay: .nanoseconds(Self.nanoseconds(startAfter)), delay: .nanoseconds(Self.nanoseconds(period))
        ) { _ in ticks.step() }
        return Disposables.create { repeated.cancel() }
    }

    static func nanoseconds(_ interval: RxTimeInterval) -> Int64 {
        switch interval {
        case .seconds(let n): Int64(n) * 1_000_000_000
        case .milliseconds(let n): Int64(n) * 1_000_000
        case .microseconds(let n): Int64(n) * 1_000
        case .nanoseconds(let n): Int64(n)
        case .never: Int64.max
        @unknown default: Int64.max
        }
    }
}

/// A scheduled action and its state, handed to the loop.
private final class LoopWork<State>: @unchecked Sendable {
    // @unchecked Sendable: `state` and `action` are made on the scheduling thread and then used
    // only by the one loop task that runs them, once (NIO's task queue, under its lock, orders
    // the hand-over); `fired` is an atomic.
    private let state: State
    private let action: (State) -> Disposable
    /// Whether the loop has started the work (its timer needs no cancelling).
    let fired = Atomic<Bool>(false)

    init(state: State, action: @escaping (State) -> Disposable) {
        self.state = state
        self.action = action
    }

    func run() -> Disposable { action(state) }
}

/// A periodic schedule's state, stepped by its repeated task.
private final class LoopTicks<State>: @unchecked Sendable {
    // @unchecked Sendable: stepped only by the repeated task, which runs its ticks one after
    // another on one loop (NIO schedules the next tick when the previous one returns).
    private var state: State
    private let action: (State) -> State

    init(state: State, action: @escaping (State) -> State) {
        self.state = state
        self.action = action
    }

    func step() { state = action(state) }
}
