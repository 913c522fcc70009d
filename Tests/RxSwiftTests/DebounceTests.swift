import RxSwift
import RxTest
import TestSupport
import XCTest

/// Marble diagrams: 10 ticks per character, time zero at 200; the quiet period is 20 ticks.
final class DebounceTests: RxTestCase {
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
