import Foundation
import RxSwift
import Synchronization

/// Virtual time in tests: an integer number of ticks.
public typealias TestTime = Int

/// Converts `TestScheduler`'s integer ticks to dates: one tick is `resolution` seconds.
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType {
    /// Ticks.
    public typealias VirtualTimeUnit = Int
    /// Ticks.
    public typealias VirtualTimeIntervalUnit = Int

    private let resolution: Double

    init(resolution: Double) {
        self.resolution = resolution
    }

    /// The date of `virtualTime`.
    ///
    /// - Parameter virtualTime: The virtual time.
    public func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
        Date(timeIntervalSince1970: TimeInterval(virtualTime) * resolution)
    }

    /// The tick of `time`, rounded to the nearest.
    ///
    /// - Parameter time: The virtual time.
    public func convertToVirtualTime(_ time: RxTime) -> Int {
        Int((time.timeIntervalSince1970 / resolution).rounded())
    }

    /// The seconds of `virtualTimeInterval` ticks.
    ///
    /// - Parameter virtualTimeInterval: The virtual time interval.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval {
        TimeInterval(virtualTimeInterval) * resolution
    }

    /// The ticks of `timeInterval` seconds, rounded to the nearest.
    ///
    /// - Parameter timeInterval: The time interval.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int {
        Int((timeInterval / resolution).rounded())
    }

    /// `time + offset`.
    ///
    /// - Parameters:
    ///   - time: The virtual time.
    ///   - offset: The interval to add.
    public func offsetVirtualTime(_ time: Int, offset: Int) -> Int {
        time + offset
    }

    /// Compares two ticks.
    ///
    /// - Parameters:
    ///   - lhs: The value on the left.
    ///   - rhs: The value on the right.
    public func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
    }
}

/// A virtual-time scheduler for tests: creates hot and cold test sequences and recording
/// observers, and runs a scenario from creation to disposal in virtual ticks.
///
/// With `simulateProcessingDelay` (the default), work scheduled "now" runs one tick later, as in
/// RxSwift's RxTest, so expected times match tests written for it.
open class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter>, @unchecked Sendable {
    // @unchecked Sendable: as VirtualTimeScheduler; `simulateProcessingDelay` is immutable.

    /// The default times of `start`.
    public struct Defaults {
        /// When the sequence is created: 100.
        public static let created = 100
        /// When it is subscribed: 200.
        public static let subscribed = 200
        /// When the subscription is disposed: 1000.
        public static let disposed = 1000
    }

    /// The disposal time of the latest `start`, for failure messages ("actual nothing
    /// (subscription disposed at 1000)"): shared by the process's schedulers, so tests running in
    /// parallel may see each other's (a message only).
    static let lastStartDisposal = Atomic<TestTime>(Defaults.disposed)

    private let simulateProcessingDelay: Bool
    /// Seconds per tick.
    let resolution: Double
    /// Runs the steps of the tasks that prefer it, as virtual actions (`TestScheduler+Clock.swift`).
    let jobs: TestSchedulerExecutor

    /// Creates a scheduler whose clock starts at `initialClock`; one tick is `resolution` seconds.
    ///
    /// - Parameters:
    ///   - initialClock: The virtual time the clock starts at.
    ///   - resolution: How many seconds one virtual tick stands for.
    ///   - simulateProcessingDelay: Whether work scheduled for now runs one tick later, as RxSwift's scheduler does.
    public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        self.simulateProcessingDelay = simulateProcessingDelay
        self.resolution = resolution
        let jobs = TestSchedulerExecutor()
        self.jobs = jobs
        super.init(
            initialClock: initialClock, converter: TestSchedulerVirtualTimeConverter(resolution: resolution),
            taskExecutor: jobs)
        jobs.scheduler = self
    }

    /// A hot sequence: emits `events` at their absolute times, whoever is subscribed.
    ///
    /// - Parameter events: The recorded events.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        HotObservable(testScheduler: self, recordedEvents: events)
    }

    /// A cold sequence: emits `events` at their times relative to each subscription.
    ///
    /// - Parameter events: The recorded events.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        ColdObservable(testScheduler: self, recordedEvents: events)
    }

    /// An observer that records every event with the virtual time it arrived at.
    ///
    /// - Parameter type: The type of the elements recorded.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Runs `action` at absolute virtual time `time`.
    ///
    /// - Parameters:
    ///   - time: The virtual time at which `action` runs.
    ///   - action: The work to run.
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
        _ = scheduleAbsoluteVirtual((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    /// Delays work scheduled for now (or the past) by one tick when simulating processing delay.
    ///
    /// - Parameter time: The virtual time.
    open override func adjustScheduledTime(_ time: Int) -> Int {
        time <= clock ? clock + (simulateProcessingDelay ? 1 : 0) : time
    }

    /// Creates the sequence at `created`, subscribes at `subscribed`, disposes at `disposed`,
    /// runs the scheduler, and returns the recording observer.
    ///
    /// - Parameters:
    ///   - created: The virtual time at which the sequence is created.
    ///   - subscribed: The virtual time of the subscription.
    ///   - disposed: The virtual time at which the subscription is disposed of.
    ///   - create: Makes the sequence under test.
    public func start<Output: ObservableConvertibleType>(
        created: TestTime, subscribed: TestTime, disposed: TestTime, create: @escaping () -> Output
    ) -> TestableObserver<Output.Element> {
        let observer = scheduleRecording(created: created, subscribed: subscribed, disposed: disposed, create: create)
        start()
        return observer
    }

    /// Schedules what `start` does (create, subscribe a recording observer, dispose) and returns
    /// the observer; `start()` or `startSettling` then runs it.
    func scheduleRecording<Output: ObservableConvertibleType>(
        created: TestTime, subscribed: TestTime, disposed: TestTime, create: @escaping () -> Output
    ) -> TestableObserver<Output.Element> {
        var source: Observable<Output.Element>?
        var subscription: Disposable?
        let observer = createObserver(Output.Element.self)
        Self.lastStartDisposal.store(disposed, ordering: .relaxed)
        scheduleAt(created) { source = create().asObservable() }
        scheduleAt(subscribed) { subscription = source?.subscribe(observer) }
        scheduleAt(disposed) {
            subscription?.dispose()
            subscription = nil
            source = nil
        }
        return observer
    }

    /// `start` with the default creation (100) and subscription (200) times.
    ///
    /// - Parameters:
    ///   - disposed: The virtual time at which the subscription is disposed of.
    ///   - create: Makes the sequence under test.
    public func start<Output: ObservableConvertibleType>(
        disposed: TestTime, create: @escaping () -> Output
    ) -> TestableObserver<Output.Element> {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
    }

    /// `start` with the default times: created 100, subscribed 200, disposed 1000.
    ///
    /// - Parameter create: Makes the sequence under test.
    public func start<Output: ObservableConvertibleType>(
        _ create: @escaping () -> Output
    ) -> TestableObserver<Output.Element> {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create: create)
    }
}
