import RxSwift
import RxTest
import Synchronization
import TestSupport
import XCTest

final class TimerTests: RxTestCase {
    /// A negative period fails with `argumentOutOfRange` at once, on any scheduler (it crashed
    /// inside Dispatch on a dispatch queue scheduler).
    func testANegativePeriodFailsWithArgumentOutOfRange() {
        let previous = Hooks.warningHandler
        Hooks.warningHandler = { _ in }
        defer { Hooks.warningHandler = previous }
        let queue = SerialDispatchQueueScheduler(qos: .default)
        XCTAssertEqual(
            collect(Observable<Int>.interval(.seconds(-1), scheduler: queue)), [.error(RxError.argumentOutOfRange)])
        XCTAssertEqual(
            collect(Observable<Int>.timer(.seconds(1), period: .milliseconds(-5), scheduler: queue)),
            [.error(RxError.argumentOutOfRange)])
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(
            scheduler.start { Observable<Int>.interval(.seconds(-1), scheduler: scheduler) }.events,
            [.error(200, RxError.argumentOutOfRange)])
    }

    func testOneShotTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.timer(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 0), .completed(210)])
    }

    func testPeriodicTimerAndInterval() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 245) {
            Observable<Int>.timer(.seconds(10), period: .seconds(15), scheduler: scheduler)
        }
        XCTAssertEqual(res.events, [.next(210, 0), .next(225, 1), .next(240, 2)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let res2 = scheduler2.start(disposed: 235) { Observable<Int>.interval(.seconds(10), scheduler: scheduler2) }
        XCTAssertEqual(res2.events, [.next(210, 0), .next(220, 1), .next(230, 2)])
    }

    /// Each tick schedules the next one `period` after itself, as RxSwift's periodic scheduling
    /// does: a first tick at relative time 0 runs one tick later (201), and the rest follow it.
    func testPeriodicTicksCountFromTheTickBefore() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 265) {
            Observable<Int>.timer(.seconds(0), period: .seconds(20), scheduler: scheduler)
        }
        XCTAssertEqual(res.events, [.next(201, 0), .next(221, 1), .next(241, 2), .next(261, 3)])
    }

    /// A tick schedules the next one before it runs: what it schedules for the next tick's instant
    /// runs after that tick, so `flatMapLatest` switches away from each delayed value but the last.
    func testTheNextTickIsScheduledBeforeTheTickRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable<Int>.interval(.seconds(10), scheduler: scheduler).take(4)
                .flatMapLatest { Observable.just($0).delay(.seconds(10), scheduler: scheduler) }
        }
        XCTAssertEqual(res.events, [.next(250, 3), .completed(251)])
    }

    /// On a scheduler that runs actions on threads of its own, a tick that arrives while the action
    /// still runs is served when it returns: the action never runs twice at once, no tick is lost.
    /// The first run waits until two more ticks have fired.
    func testSlowActionsOnARealSchedulerNeverOverlap() {
        let scheduler = CountingScheduler(base: ConcurrentDispatchQueueScheduler(qos: .default))
        let running = Atomic<Int>(0)
        let overlapped = Atomic<Bool>(false)
        let served = Atomic<Int>(0)
        let periodic = scheduler.schedulePeriodic(0, startAfter: .milliseconds(0), period: .milliseconds(1)) { count in
            if running.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
                overlapped.store(true, ordering: .releasing)
            }
            if count == 0 { _ = waitUntil { scheduler.fired.load(ordering: .acquiring) >= 3 } }
            running.subtract(1, ordering: .acquiringAndReleasing)
            served.add(1, ordering: .releasing)
            return count + 1
        }
        XCTAssertTrue(waitUntil { served.load(ordering: .acquiring) >= 5 })
        periodic.dispose()
        XCTAssertFalse(overlapped.load(ordering: .acquiring))
    }

    /// `timer(5)`, `interval(10)` and `timer(5, period: 10)`, subscribed at 200.
    func testScenarios() {
        assertSourceScenarios([.toTheEnd([.next(205, 0), .completed(205)]), .disposed(at: 203, [])]) { scheduler in
            Observable<Int>.timer(.seconds(5), scheduler: scheduler)
        }
        assertSourceScenarios([.disposed(at: 235, [.next(210, 0), .next(220, 1), .next(230, 2)])]) { scheduler in
            Observable<Int>.interval(.seconds(10), scheduler: scheduler)
        }
        assertSourceScenarios([.disposed(at: 232, [.next(205, 0), .next(215, 1), .next(225, 2)])]) { scheduler in
            Observable<Int>.timer(.seconds(5), period: .seconds(10), scheduler: scheduler)
        }
    }
}

/// A scheduler that forwards to a dispatch scheduler, counting the actions it has started, and
/// keeps `SchedulerType`'s default `schedulePeriodic` (the dispatch schedulers have timers of their own).
private final class CountingScheduler: SchedulerType, Sendable {
    let base: ConcurrentDispatchQueueScheduler
    let fired = Atomic<Int>(0)
    init(base: ConcurrentDispatchQueueScheduler) { self.base = base }
    var now: RxTime { base.now }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        base.scheduleRelative(state, dueTime: dueTime) { [self] state in
            fired.add(1, ordering: .acquiringAndReleasing)
            return action(state)
        }
    }
}
