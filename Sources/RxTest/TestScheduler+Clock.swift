import Foundation
import RxSwift
import Synchronization

// Async code on a TestScheduler's virtual time: a `Clock` whose `sleep` ends when the scheduler
// reaches the deadline, and a task executor whose jobs the scheduler runs as virtual actions, so
// that a task's steps interleave with the scheduler's other events in virtual-time order, on the
// thread that runs the scheduler.

extension TestScheduler {
    /// A `Clock` on this scheduler's virtual time: `try await Task.sleep(for: .seconds(5), clock:
    /// scheduler.asyncClock)` ends when the scheduler reaches five seconds (`5 / resolution` ticks)
    /// later. Inject it where production code takes `some Clock<Duration>` (a `ContinuousClock`).
    public var asyncClock: TestSchedulerClock { TestSchedulerClock(scheduler: self) }

    /// Starts `operation` in a task whose steps this scheduler runs, as virtual actions on the
    /// thread that runs it (`start()`, `advanceTo(_:)`): nothing of it runs until the scheduler
    /// does, and after each virtual event the task runs until it next waits. The tasks that
    /// `async` operators start while the scheduler runs (`flatMapLatest { try await … }`) run
    /// there too, as do the task's child tasks (`async let`, task groups); a `Task { }` it creates
    /// does not, unless created with `Task(executorPreference: scheduler.taskExecutorPreference)`.
    ///
    /// - Parameter operation: The async code under test.
    /// - Returns: The task, to await its value once the scheduler has run.
    @discardableResult
    public func task<Success: Sendable>(
        _ operation: sending @escaping @isolated(any) () async throws -> Success
    ) -> Task<Success, Swift.Error> {
        let executor = jobs
        return Task(executorPreference: executor) {
            try await TaskExecutorPreference.$current.withValue(executor) { try await operation() }
        }
    }

    /// The executor of the tasks this scheduler runs (`task(_:)`), for `Task(executorPreference:)`
    /// and `withTaskExecutorPreference`.
    public var taskExecutorPreference: any TaskExecutor { jobs }
}

/// Runs task jobs as actions of a `TestScheduler`: a job enqueued (a task started or resumed)
/// waits for a virtual action at the scheduler's current time, which runs every waiting job.
public final class TestSchedulerExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked Sendable: `waiting` is guarded by its Mutex; `scheduler` is set once, in
    // TestScheduler's initializer, before the executor is shared.
    private let waiting = Mutex<(jobs: [UnownedJob], drainScheduled: Bool)>(([], false))
    weak var scheduler: TestScheduler?

    init() {}

    /// Queues `job`, to run at the scheduler's current virtual time.
    ///
    /// - Parameter job: A step of a task that prefers this executor.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let scheduleDrain = waiting.withLock { state -> Bool in
            state.jobs.append(job)
            defer { state.drainScheduled = true }
            return !state.drainScheduled
        }
        guard scheduleDrain, let scheduler else { return }
        _ = scheduler.scheduleAbsoluteVirtual((), time: scheduler.clock) { [weak self] _ in
            self?.runWaitingJobs()
            return Disposables.create()
        }
    }

    /// Runs the waiting jobs, and those they enqueue, on this thread until none waits.
    func runWaitingJobs() {
        while let job = waiting.withLock({ state -> UnownedJob? in
            if state.jobs.isEmpty {
                state.drainScheduled = false
                return nil
            }
            return state.jobs.removeFirst()
        }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// A `Clock` on a `TestScheduler`'s virtual time (`scheduler.asyncClock`).
public struct TestSchedulerClock: Clock {
    /// A point on the scheduler's virtual timeline.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The virtual time, in ticks.
        public let time: TestTime
        let resolution: Double

        /// Compares the virtual times.
        ///
        /// - Parameters:
        ///   - lhs: An instant.
        ///   - rhs: Another instant.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.time < rhs.time }
        /// Equal virtual times.
        ///
        /// - Parameters:
        ///   - lhs: An instant.
        ///   - rhs: Another instant.
        public static func == (lhs: Instant, rhs: Instant) -> Bool { lhs.time == rhs.time }
        /// Hashes the virtual time.
        ///
        /// - Parameter hasher: The hasher to feed.
        public func hash(into hasher: inout Hasher) { hasher.combine(time) }

        /// The instant `duration` later, rounded up to a whole tick (a sleep never ends early).
        ///
        /// - Parameter duration: How much later.
        public func advanced(by duration: Swift.Duration) -> Instant {
            Instant(time: time + TestSchedulerClock.ticks(duration, resolution: resolution), resolution: resolution)
        }

        /// The duration from this instant to `other`.
        ///
        /// - Parameter other: The later (or earlier) instant.
        public func duration(to other: Instant) -> Swift.Duration {
            .seconds(Double(other.time - time) * resolution)
        }

        /// "@ <ticks>".
        public var description: String { "@ \(time)" }
    }

    let scheduler: TestScheduler

    /// The scheduler's current virtual time.
    public var now: Instant { Instant(time: scheduler.clock, resolution: scheduler.resolution) }

    /// One tick.
    public var minimumResolution: Swift.Duration { .seconds(scheduler.resolution) }

    /// Suspends until the scheduler reaches `deadline` (at once if it has); a cancelled task
    /// throws `CancellationError` at once and its wake-up is removed from the scheduler.
    ///
    /// - Parameters:
    ///   - deadline: The virtual instant to wake at.
    ///   - tolerance: Ignored: virtual time is exact.
    public func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
        try Task.checkCancellation()
        if deadline.time <= scheduler.clock { return }
        let sleeper = Sleeper()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Swift.Error>) in
                let wakeUp = scheduler.scheduleAbsoluteVirtual((), time: deadline.time) { [scheduler] _ in
                    sleeper.finish(with: .success(()))
                    // The woken task runs now, until it next waits, if it runs on this scheduler.
                    scheduler.jobs.runWaitingJobs()
                    return Disposables.create()
                }
                sleeper.start(continuation, wakeUp: wakeUp)
            }
        } onCancel: {
            sleeper.finish(with: .failure(CancellationError()))
        }
    }

    /// `duration` in whole ticks, rounded up (a sleep of less than a tick takes one).
    static func ticks(_ duration: Swift.Duration, resolution: Double) -> Int {
        let (seconds, attoseconds) = duration.components
        let exact = (Double(seconds) + Double(attoseconds) * 1e-18) / resolution
        let nearest = exact.rounded()
        return abs(exact - nearest) < 1e-9 ? Int(nearest) : Int(exact.rounded(.up))
    }
}

/// One `sleep`: its continuation and its scheduled wake-up, ended once (woken or cancelled).
private final class Sleeper: @unchecked Sendable {
    // @unchecked Sendable: the three fields are read and written only under `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Swift.Error>?
    private var wakeUp: Disposable?
    private var outcome: Result<Void, Swift.Error>?

    /// Records the continuation and the wake-up; resumes at once if the sleep already ended.
    func start(_ continuation: CheckedContinuation<Void, Swift.Error>, wakeUp: Disposable) {
        lock.lock()
        guard let ended = outcome else {
            self.continuation = continuation
            self.wakeUp = wakeUp
            lock.unlock()
            return
        }
        lock.unlock()
        wakeUp.dispose()
        continuation.resume(with: ended)
    }

    /// Ends the sleep with `outcome`, unless it ended already; a cancelled sleep's wake-up is
    /// removed from the scheduler.
    func finish(with outcome: Result<Void, Swift.Error>) {
        lock.lock()
        guard self.outcome == nil else { return lock.unlock() }
        self.outcome = outcome
        let continuation = self.continuation
        let wakeUp = self.wakeUp
        self.continuation = nil
        self.wakeUp = nil
        lock.unlock()
        if case .failure = outcome { wakeUp?.dispose() }
        continuation?.resume(with: outcome)
    }
}
