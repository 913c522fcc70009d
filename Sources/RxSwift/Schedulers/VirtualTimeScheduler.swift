import Foundation
import Synchronization

/// The result of comparing two virtual times.
public enum VirtualTimeComparison: Sendable {
    /// The first time is earlier.
    case lessThan
    /// The times are equal.
    case equal
    /// The first time is later.
    case greaterThan
}

/// Converts between a virtual-time representation and real dates and intervals.
public protocol VirtualTimeConverterType: Sendable {
    /// The virtual time type.
    associatedtype VirtualTimeUnit
    /// The virtual time interval type.
    associatedtype VirtualTimeIntervalUnit

    /// Converts a virtual time to a date.
    ///
    /// - Parameter virtualTime: The virtual time.
    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime
    /// Converts a date to a virtual time.
    ///
    /// - Parameter time: The virtual time.
    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit
    /// Converts a virtual interval to seconds.
    ///
    /// - Parameter virtualTimeInterval: The virtual time interval.
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval
    /// Converts seconds to a virtual interval.
    ///
    /// - Parameter timeInterval: The time interval.
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit
    /// Adds `offset` to `time`.
    ///
    /// - Parameters:
    ///   - time: The virtual time.
    ///   - offset: The interval to add.
    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit
    /// Compares two virtual times.
    ///
    /// - Parameters:
    ///   - lhs: The value on the left.
    ///   - rhs: The value on the right.
    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// An action waiting in a virtual-time scheduler's queue.
final class VirtualSchedulerItem<Time>: Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `time`/`id` are immutable; cancellation lives in `result`
    // (a SingleAssignmentDisposable); `action` runs only on the thread running the scheduler.
    let time: Time
    let id: UInt64
    let result = SingleAssignmentDisposable()
    private let action: () -> Disposable

    init(time: Time, id: UInt64, action: @escaping () -> Disposable) {
        self.time = time
        self.id = id
        self.action = action
    }

    var isDisposed: Bool { result.isDisposed }
    func dispose() { result.dispose() }
    func invoke() { if !isDisposed { result.setDisposable(action()) } }
}

/// A scheduler whose clock moves only when told to: actions run in time order (ties in the order
/// they were scheduled) and the clock jumps to each action's time. The base of `TestScheduler`
/// and `HistoricalScheduler`.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType, @unchecked Sendable {
    // @unchecked Sendable: all mutable state is `state`, guarded by `lock`; actions run outside it.

    /// The virtual time type.
    public typealias VirtualTime = Converter.VirtualTimeUnit
    /// The virtual interval type.
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    private struct State {
        var clock: VirtualTime
        var running = false
        var nextId: UInt64 = 0
        var heap: [VirtualSchedulerItem<VirtualTime>] = []
    }

    private let lock = Lock()
    private var state: State
    private let converter: Converter

    /// Creates a scheduler whose clock starts at `initialClock`.
    ///
    /// - Parameters:
    ///   - initialClock: The virtual time the clock starts at.
    ///   - converter: Converts between virtual and real times.
    public init(initialClock: VirtualTime, converter: Converter) {
        self.converter = converter
        self.state = State(clock: initialClock)
        self.taskExecutor = nil
    }

    /// A scheduler whose runs also run the steps of the tasks that prefer `taskExecutor`
    /// (`VirtualTaskExecutor.swift`).
    package init(initialClock: VirtualTime, converter: Converter, taskExecutor: any TaskExecutor) {
        self.converter = converter
        self.state = State(clock: initialClock)
        self.taskExecutor = taskExecutor
    }

    /// The executor the tasks started for `async` closures prefer while this scheduler runs its
    /// actions; `nil`: they run on the global executor.
    package let taskExecutor: (any TaskExecutor)?

    /// The current virtual time.
    public var clock: VirtualTime { lock.withLock { state.clock } }

    /// The current virtual time as a date.
    public final var now: RxTime { converter.convertFromVirtualTime(clock) }

    /// Whether the scheduler is running.
    public var isEnabled: Bool { lock.withLock { state.running } }

    /// Schedules `action` at the current virtual time (after what is already due now).
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - action: The work to run.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .microseconds(0), action: action)
    }

    /// Schedules `action` `dueTime` after the current virtual time.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - dueTime: How long from now.
    ///   - action: The work to run.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let time = converter.convertToVirtualTime(now.addingDispatchInterval(dueTime))
        return scheduleAbsoluteVirtual(state, time: adjustScheduledTime(time), action: action)
    }

    /// Schedules `action` `dueTime` (in virtual units) after the current virtual time.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - dueTime: How long from now, in virtual time.
    ///   - action: The work to run.
    public func scheduleRelativeVirtual<StateType>(
        _ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        scheduleAbsoluteVirtual(state, time: converter.offsetVirtualTime(clock, offset: dueTime), action: action)
    }

    /// Schedules `action` at the absolute virtual time `time`.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - time: The virtual time.
    ///   - action: The work to run.
    public func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType, time: VirtualTime, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        lock.withLock {
            let item = VirtualSchedulerItem(time: time, id: self.state.nextId, action: { action(state) })
            self.state.nextId += 1
            push(item, into: &self.state.heap)
            return item
        }
    }

    /// Adjusts the time of relative schedules; `TestScheduler` uses it to simulate processing delay.
    ///
    /// - Parameter time: The virtual time.
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime { time }

    /// Runs every queued action in time order until the queue is empty or `stop()` is called.
    public func start() {
        let alreadyRunning = lock.withLock { () -> Bool in
            if self.state.running { return true }
            self.state.running = true
            return false
        }
        if alreadyRunning { return }
        withTaskExecutorPreference {
            while let item = takeNext(until: nil) {
                item.invoke()
            }
        }
        lock.withLock { state.running = false }
    }

    /// Runs the next queued action due at or before `limit` (any, when `nil`), if there is one
    /// and the scheduler is not running: one step of `start()` or `advanceTo(_:)`, for a caller
    /// that does other work between steps (RxTest's `startSettling`).
    package func runNext(until limit: VirtualTime?) -> Bool {
        let alreadyRunning = lock.withLock { () -> Bool in
            if self.state.running { return true }
            self.state.running = true
            return false
        }
        if alreadyRunning { return false }
        var ran = false
        withTaskExecutorPreference {
            if let item = takeNext(until: limit) {
                item.invoke()
                ran = true
            }
        }
        lock.withLock { state.running = false }
        return ran
    }

    /// Stops `start()` after the action that is running.
    public func stop() {
        lock.withLock { state.running = false }
    }

    /// Runs every action due at or before `virtualTime`, then sets the clock to it.
    ///
    /// - Parameter virtualTime: The virtual time.
    public func advanceTo(_ virtualTime: VirtualTime) {
        let alreadyRunning = lock.withLock { () -> Bool in
            if self.state.running { return true }
            precondition(
                converter.compareVirtualTime(self.state.clock, virtualTime) != .greaterThan,
                "VirtualTimeScheduler.advanceTo: can't advance to the past")
            self.state.running = true
            return false
        }
        precondition(!alreadyRunning, "VirtualTimeScheduler.advanceTo: the scheduler is already running")
        withTaskExecutorPreference {
            while let item = takeNext(until: virtualTime) {
                item.invoke()
            }
        }
        lock.withLock {
            self.state.running = false
            self.state.clock = virtualTime
        }
    }

    /// Moves the clock forward by `virtualInterval` without running anything.
    ///
    /// - Parameter virtualInterval: How long to advance the clock.
    public func sleep(_ virtualInterval: VirtualTimeInterval) {
        lock.withLock {
            self.state.clock = converter.offsetVirtualTime(self.state.clock, offset: virtualInterval)
        }
    }

    private func takeNext(until limit: VirtualTime?) -> VirtualSchedulerItem<VirtualTime>? {
        lock.withLock {
            while self.state.running, let first = self.state.heap.first {
                if first.isDisposed {
                    _ = pop(from: &self.state.heap)
                    continue
                }
                if let limit, converter.compareVirtualTime(first.time, limit) == .greaterThan {
                    return nil
                }
                _ = pop(from: &self.state.heap)
                if converter.compareVirtualTime(first.time, self.state.clock) == .greaterThan {
                    self.state.clock = first.time
                }
                return first
            }
            return nil
        }
    }

    private func precedes(_ lhs: VirtualSchedulerItem<VirtualTime>, _ rhs: VirtualSchedulerItem<VirtualTime>) -> Bool {
        switch converter.compareVirtualTime(lhs.time, rhs.time) {
        case .lessThan: return true
        case .greaterThan: return false
        case .equal: return lhs.id < rhs.id
        }
    }

    private func push(_ item: VirtualSchedulerItem<VirtualTime>, into heap: inout [VirtualSchedulerItem<VirtualTime>]) {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func pop(from heap: inout [VirtualSchedulerItem<VirtualTime>]) -> VirtualSchedulerItem<VirtualTime> {
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var best = parent
                if left < heap.count && precedes(heap[left], heap[best]) { best = left }
                if right < heap.count && precedes(heap[right], heap[best]) { best = right }
                if best == parent { break }
                heap.swapAt(parent, best)
                parent = best
            }
        }
        return top
    }
}
