import Dispatch
import Foundation

/// Runs work on a serial dispatch queue: actions run one at a time, in order.
///
/// On a queue the scheduler makes (every initializer but ``init(serialQueue:leeway:)``), its work
/// runs in batches, one block at a time, in the order it was scheduled; on a queue you pass in,
/// each action is a block of its own, in order with your own blocks on that queue.
public class SerialDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    // @unchecked Sendable: all stored properties are immutable and Sendable; subclasses keep
    // their own state in atomics.

    /// The scheduler's time interval type (seconds).
    public typealias TimeInterval = Foundation.TimeInterval
    /// The scheduler's time type.
    public typealias Time = Date

    let configuration: DispatchQueueConfiguration
    /// The ordered work of a queue this scheduler made (`SerialRunQueue`); `nil` on a queue the
    /// caller passed in, where each action is a block of its own.
    private let runQueue: SerialRunQueue?

    /// The current time.
    public var now: RxTime { Date() }

    /// Creates a scheduler on `serialQueue`, which must be serial.
    ///
    /// - Parameters:
    ///   - serialQueue: The serial dispatch queue that runs the work.
    ///   - leeway: How much later than asked the system may run timers.
    public init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
        runQueue = nil
    }

    /// A scheduler on `ownQueue`, a queue it made: its work goes through a `SerialRunQueue`.
    init(ownQueue: DispatchQueue, leeway: DispatchTimeInterval) {
        configuration = DispatchQueueConfiguration(queue: ownQueue, leeway: leeway)
        runQueue = SerialRunQueue(queue: ownQueue)
    }

    /// Creates a scheduler on a new serial queue named `internalSerialQueueName`.
    ///
    /// - Parameters:
    ///   - internalSerialQueueName: The label of the serial queue created.
    ///   - serialQueueConfiguration: Configures the serial queue created.
    ///   - leeway: How much later than asked the system may run timers.
    public convenience init(
        internalSerialQueueName: String, serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        let queue = DispatchQueue(label: internalSerialQueueName, attributes: [])
        serialQueueConfiguration?(queue)
        self.init(ownQueue: queue, leeway: leeway)
    }

    /// Creates a scheduler on a new serial queue that targets `queue`.
    ///
    /// - Parameters:
    ///   - queue: The dispatch queue.
    ///   - internalSerialQueueName: The label of the serial queue created.
    ///   - leeway: How much later than asked the system may run timers.
    public convenience init(
        queue: DispatchQueue, internalSerialQueueName: String, leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        self.init(
            ownQueue: DispatchQueue(label: internalSerialQueueName, attributes: [], target: queue), leeway: leeway)
    }

    /// Creates a scheduler on a new serial queue that targets the global queue of `qos`.
    ///
    /// - Parameters:
    ///   - qos: The quality of service of the queue.
    ///   - internalSerialQueueName: The label of the serial queue created.
    ///   - leeway: How much later than asked the system may run timers.
    public convenience init(
        qos: DispatchQoS, internalSerialQueueName: String = "rx.global_dispatch_queue.serial",
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        self.init(
            queue: DispatchQueue.global(qos: qos.qosClass), internalSerialQueueName: internalSerialQueueName,
            leeway: leeway)
    }

    /// Schedules `action` on the queue.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - action: The work to run.
    public final func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
    {
        scheduleInternal(state, action: action)
    }

    func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        guard let runQueue else { return configuration.schedule(state, action: action) }
        return runQueue.schedule { action(state) }
    }

    /// Runs `action(target, value)` as `schedule` would, for a caller that never cancels it
    /// (`observe(on:)`, one action per event): no disposable, no boxed state, one allocation.
    func enqueue<Target: AnyObject, Value>(
        _ target: Target, _ value: Value, _ action: @escaping (Target, Value) -> Void
    ) {
        // The queue runs the block once; nothing else holds `target` and `value` for it.
        nonisolated(unsafe) let work = (target, value, action)
        guard let runQueue else { return configuration.queue.async { work.2(work.0, work.1) } }
        runQueue.enqueue { work.2(work.0, work.1) }
    }

    /// Schedules `action` on the queue after `dueTime`.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - dueTime: How long from now.
    ///   - action: The work to run.
    public final func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        guard let runQueue else { return configuration.scheduleRelative(state, dueTime: dueTime, action: action) }
        // When the timer fires, the action is queued behind what was scheduled before then.
        return configuration.scheduleRelative(state, dueTime: dueTime) { state in
            runQueue.schedule { action(state) }
        }
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
