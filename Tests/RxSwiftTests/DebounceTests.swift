import RxSwift
import RxTest
import TestSupport
import XCTest

/// Marble diagrams: 10 ticks per character, time zero at 200; the quiet period is 20 ticks.
final class DebounceTests: RxTestCase {
    /// A scheduler whose timers fire when the test says, and whose cancellations come too late
    /// (as on real threads, when a timer is already firing as the next element replaces it).
    private final class LateTimers: SchedulerType, @unchecked Sendable {
        // @unchecked Sendable: used from the test's thread only.
        var timers: [() -> Void] = []
        var now: RxTime { Date() }

        func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
            action(state)
        }

        func scheduleRelative<StateType>(
            _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
        ) -> Disposable {
            timers.append { _ = action(state) }
            return Disposables.create()
        }
    }

    /// The timer of a replaced element that fires anyway emits nothing: only the newest
    /// element's own timer emits it, after its full due time.
    func testAReplacedTimerThatFiresLateEmitsNothing() {
        let scheduler = LateTimers()
        let source = PublishSubject<Int>()
        var elements: [Int] = []
        let subscription = source.debounce(.seconds(1), scheduler: scheduler).subscribe(onNext: { elements.append($0) })
        source.onNext(1)
        source.onNext(2)
        XCTAssertEqual(scheduler.timers.count, 2)
        scheduler.timers[0]() // the first element's timer, replaced, fires late
        XCTAssertEqual(elements, [], "the newer element was emitted before its own due time")
        scheduler.timers[1]()
        XCTAssertEqual(elements, [2])
        subscription.dispose()
        scheduler.timers = []
    }

    private let values: [Character: Int] = ["a": 1, "b": 2, "c": 3]

    private func debounced(_ source: String) -> (TestableObserver<Int>, TestableObservable<Int>) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(source, values: values)
        return (scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }, xs)
    }

    func testEmitsAfterQuietPeriod() {
        let (res, xs) = debounced("-ab--c-----|")
        XCTAssertEqual(res.events, marbles: "----b--c---|", values: values)
        XCTAssertEqual(xs.subscriptions, marbles: "^----------!")
    }

    func testCompletionFlushesThePendingElement() {
        let (res, xs) = debounced("-a|")
        XCTAssertEqual(res.events, marbles: "--(a|)", values: values)
        XCTAssertEqual(xs.subscriptions, marbles: "^-!")
    }

    func testErrorDropsThePendingElement() {
        let (res, xs) = debounced("-a#")
        XCTAssertEqual(res.events, marbles: "--#", values: values)
        XCTAssertEqual(xs.subscriptions, marbles: "^-!")
    }

    /// `debounce(7)`: each element is sent 7 ticks after it arrived, when nothing came meanwhile.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(217, 1), .next(227, 2), .next(237, 3), .completed(240)]),
                .empty([.completed(210)]),
                .error([.next(217, 1), .error(220, testError)]),
                .disposedMidStream([.next(217, 1)]),
            ]
        ) { source, scheduler in source.debounce(.seconds(7), scheduler: scheduler) }
    }
}
