import RxSwift
import RxTest
import TestSupport
import XCTest

/// Marble diagrams: 10 ticks per character, time zero at 200 (the subscription); the throttle
/// window is 30 ticks (3 characters).
final class ThrottleTests: RxTestCase {
    private let values: [Character: Int] = ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5]

    private func throttled(
        _ source: String, latest: Bool = true, disposed: TestTime = 1_000
    ) -> (TestableObserver<Int>, TestableObservable<Int>) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(source, values: values)
        let res = scheduler.start(disposed: disposed) {
            xs.throttle(.seconds(30), latest: latest, scheduler: scheduler)
        }
        return (res, xs)
    }

    func testLatestElementOfWindowIsEmittedAtItsEnd() {
        let (res, xs) = throttled("-abc--d---|")
        XCTAssertEqual(res.events, marbles: "-a--c--d--|", values: values)
        XCTAssertEqual(xs.subscriptions, marbles: "^---------!")
    }

    func testWithoutLatest() {
        let (res, _) = throttled("-ab----c-|", latest: false)
        XCTAssertEqual(res.events, marbles: "-a-----c-|", values: values)
    }

    func testCompletionWaitsForThePendingElement() {
        let (res, xs) = throttled("-ab|")
        XCTAssertEqual(res.events, marbles: "-a--(b|)", values: values)
        XCTAssertEqual(xs.subscriptions, marbles: "^--!")
    }

    func testErrorIsForwardedAtOnceAndDropsThePendingElement() {
        let (res, xs) = throttled("-ab#")
        XCTAssertEqual(res.events, marbles: "-a-#", values: values)
        XCTAssertEqual(xs.subscriptions, marbles: "^--!")
    }

    func testCompletionWithNothingPendingIsImmediate() {
        let (res, xs) = throttled("-a|")
        XCTAssertEqual(res.events, marbles: "-a|", values: values)
        XCTAssertEqual(xs.subscriptions, marbles: "^-!")
    }

    func testEmptyAndNeverSources() {
        XCTAssertEqual(throttled("-----|").0.events, marbles: "-----|", values: values)
        let (res, xs) = throttled("")
        XCTAssertEqual(res.events, marbles: "", values: values)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1_000)])
    }

    /// Only the last element of a window is kept; the next window starts when it is emitted.
    func testEachWindowEmitsItsLastElementOnly() {
        let (res, _) = throttled("-abc--d-e----|")
        XCTAssertEqual(res.events, marbles: "-a--c--d--e--|", values: values)
    }

    func testDisposalCancelsPendingElement() {
        let (res, xs) = throttled("-ab", disposed: 230)
        XCTAssertEqual(res.events, marbles: "-a", values: values)
        XCTAssertEqual(xs.subscriptions, marbles: "^--!")
    }

    /// `throttle(12)`: 1 opens a window until 222, where 2 (which came meanwhile) is sent and opens the next until 234, where 3 is sent.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(210, 1), .next(222, 2), .next(234, 3), .completed(240)]),
                .empty([.completed(210)]),
                .error([.next(210, 1), .error(220, testError)]),
                .disposedMidStream([.next(210, 1), .next(222, 2)]),
            ]
        ) { source, scheduler in source.throttle(.seconds(12), scheduler: scheduler) }
    }
}
