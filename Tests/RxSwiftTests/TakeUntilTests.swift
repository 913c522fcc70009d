import RxSwift
import RxTest
import TestSupport
import XCTest

final class TakeUntilTests: RxTestCase {
    func testCompletesWhenOtherEmits() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
        let other = scheduler.createHotObservable([.next(230, "stop")])
        let res = scheduler.start { xs.take(until: other) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 230)])
    }

    func testOtherErrorAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(250)])
        let quiet = scheduler.createHotObservable([.completed(220)] as [Recorded<Event<String>>])
        let res = scheduler.start { xs.take(until: quiet) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2), .completed(250)])
        XCTAssertEqual(quiet.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(
            collect(Observable<Int>.never().take(until: Observable<Int>.error(testError))), [.error(testError)])
    }

    /// `take(until:)` a trigger that fires at 235.
    func testScenarios() {
        let operatorUnderTest = { (source: Observable<Int>, scheduler: TestScheduler) in
            source.take(until: scheduler.createHotObservable([.next(235, "stop")]))
        }
        assertScenarios(
            [
                .elements(
                    [.next(210, 1), .next(220, 2), .next(230, 3), .completed(235)], subscribed: [Subscription(200, 235)]
                ),
                .empty([.completed(210)]),
                .error([.next(210, 1), .error(220, testError)]),
                .disposedMidStream([.next(210, 1), .next(220, 2)]),
            ], operatorUnderTest)
    }
}
