import Dispatch
import Foundation

/// Runs work on a (possibly concurrent) dispatch queue. Operators that need serial delivery
/// (`observe(on:)`) serialise it themselves.
public final class ConcurrentDispatchQueueScheduler: SchedulerType, Sendable {
    /// The scheduler's time interval type (seconds).
    public typealias TimeInterval = Foundation.TimeInterval
    /// The scheduler's time type.
    public typealias Time = Date

    let configuration: DispatchQueueConfiguration

    /// The current time.
    public var now: RxTime { Date() }

    /// Creates a scheduler on `queue`.
    ///
    /// - Parameters:
    ///   - queue: The dispatch queue.
    ///   - leeway: How much later than asked the system may run timers.
    public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: queue, leeway: leeway)
    }

    /// Creates a scheduler on the global queue of `qos`.
    ///
    /// - Parameters:
    ///   - qos: The quality of service of the queue.
    ///   - leeway: How much later than asked the system may run timers.
    public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.init(queue: DispatchQueue.global(qos: qos.qosClass), leeway: leeway)
    }

    /// Schedules `action` on the queue.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - action: The work to run.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.schedule(state, action: action)
    }

    /// Schedules `action` on the queue after `dueTime`.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - dueTime: How long from now.
    ///   - action: The work to run.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Schedules `action` on the queue after `startAfter`, then every `period`.
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
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
