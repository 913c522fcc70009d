import Foundation
import RxSwift
import Synchronization
import Testing

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
public final class TestSchedulerExecutor: TaskExecutor, VirtualTaskTracking, @unchecked Sendable {
    // @unchecked Sendable: `waiting` and `tasks` are guarded by their Mutexes; `scheduler` is set
    // once, in TestScheduler's initializer, before the executor is shared.
    private let waiting = Mutex<(jobs: [UnownedJob], drainScheduled: Bool)>(([], false))
    /// The library's tasks for `async` closures started while the scheduler ran and not finished,
    /// and the tasks asleep on the scheduler's clock (`TestSchedulerClock`).
    private let tasks = Mutex<(running: Int, asleep: Int)>((0, 0))
    weak var scheduler: TestScheduler?

    init() {}

    package func taskStarted() {
        tasks.withLock { $0.running += 1 }
    }

    package func taskFinished() {
        tasks.withLock { $0.running -= 1 }
    }

    /// A task went to sleep on the scheduler's clock (`+1`) or woke (`-1`). The test's leak
    /// scope counts it too: a task asleep when the test ends keeps its subscription alive, and
    /// the leak trait says so.
    func sleeping(_ change: Int) {
        tasks.withLock { $0.asleep += change }
        #if DEBUG
        ResourceScope.current?.sleeping(change)
        #endif
    }

    /// Whether every task the library started has finished or sleeps until a virtual time:
    /// nothing more happens before the scheduler's next event.
    var isSettled: Bool {
        tasks.withLock { $0.running <= $0.asleep }
    }

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
        scheduler.jobs.sleeping(1)
        defer { scheduler.jobs.sleeping(-1) }
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

extension TestScheduler {
    /// `start(created:subscribed:disposed:create:)` for code whose `async` work runs on an actor
    /// the test holds: a `@MainActor` view model whose `flatMapLatest { try await … }` runs its
    /// closure on the main actor. After each virtual event it lets the caller's actor run, until
    /// every task the library started for an `async` closure has delivered, or sleeps until a
    /// virtual time (`asyncClock`); then it runs the next event. The synchronous `start` holds the
    /// actor for the whole run, so such work would wait until the end and its events be lost.
    ///
    /// ```swift
    /// @MainActor func testSearch() async {
    ///     let results = await scheduler.startSettling { model.results }
    ///     XCTAssertEqual(results.events, [.next(210, ["Seoul"])])
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - created: The virtual time at which the sequence is created.
    ///   - subscribed: The virtual time of the subscription.
    ///   - disposed: The virtual time at which the subscription is disposed of.
    ///   - settleTimeout: How long (real time) to wait for async work that never settles before
    ///     reporting it as a test failure.
    ///   - isolation: The caller's actor, which runs between virtual events.
    ///   - fileID: The file reported for work that does not settle (Swift Testing).
    ///   - file: The file reported for work that does not settle.
    ///   - line: The line reported for work that does not settle.
    ///   - column: The column reported for work that does not settle (Swift Testing).
    ///   - create: Makes the sequence under test.
    /// - Returns: The observer that recorded the events.
    public func startSettling<Output: ObservableConvertibleType>(
        created: TestTime = Defaults.created, subscribed: TestTime = Defaults.subscribed,
        disposed: TestTime = Defaults.disposed, settleTimeout: Duration = .seconds(5),
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        create: @escaping () -> Output
    ) async -> TestableObserver<Output.Element> {
        let place = SourceLocation(fileID: fileID, file: file, line: line, column: column)
        let observer = scheduleRecording(created: created, subscribed: subscribed, disposed: disposed, create: create)
        await runSettling(until: nil, settleTimeout: settleTimeout, file: file, line: line, place: place)
        return observer
    }

    /// `advanceTo(_:)` for code whose `async` work runs on an actor the test holds: runs the events
    /// due until `time`, letting the caller's actor run after each until the library's tasks have
    /// settled (see ``startSettling(created:subscribed:disposed:settleTimeout:isolation:fileID:file:line:column:create:)``),
    /// then sets the clock to `time`.
    ///
    /// - Parameters:
    ///   - time: The virtual time to advance to.
    ///   - settleTimeout: How long (real time) to wait for async work that never settles.
    ///   - isolation: The caller's actor, which runs between virtual events.
    ///   - fileID: The file reported for work that does not settle (Swift Testing).
    ///   - file: The file reported for work that does not settle.
    ///   - line: The line reported for work that does not settle.
    ///   - column: The column reported for work that does not settle (Swift Testing).
    public func advanceSettling(
        to time: TestTime, settleTimeout: Duration = .seconds(5), isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let place = SourceLocation(fileID: fileID, file: file, line: line, column: column)
        await runSettling(until: time, settleTimeout: settleTimeout, file: file, line: line, place: place)
        if clock < time { advanceTo(time) }
    }

    private func runSettling(
        until limit: TestTime?, settleTimeout: Duration, file: StaticString, line: UInt, place: SourceLocation,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        while true {
            guard await settle(settleTimeout: settleTimeout, file: file, line: line, place: place) else {
                // Reported; the rest runs without waiting, so that the subscription is disposed.
                if let limit { advanceTo(limit) } else { start() }
                return
            }
            guard runNext(until: limit) else { break }
        }
        _ = await settle(settleTimeout: settleTimeout, file: file, line: line, place: place)
    }

    /// Lets the caller's actor run, with the events due now, until the library's tasks settle;
    /// `false` (and a test failure) if they do not within `settleTimeout`.
    private func settle(
        settleTimeout: Duration, file: StaticString, line: UInt, place: SourceLocation,
        isolation: isolated (any Actor)? = #isolation
    ) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: settleTimeout)
        while !jobs.isSettled {
            if runNext(until: self.clock) { continue }
            if clock.now >= deadline {
                reportTestFailure(
                    "async work started by the sequence under test did not settle within \(settleTimeout) at virtual time \(self.clock): a task waits for something other than this scheduler (real time, or an actor the test holds)",
                    file: file, line: line, sourceLocation: place)
                return false
            }
            await Task.yield()
        }
        return true
    }
}
