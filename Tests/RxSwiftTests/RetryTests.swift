import RxSwift
import RxTest
import TestSupport
import XCTest

final class RetryTests: RxTestCase {
    func testResubscribesUntilAttemptsRunOut() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start { xs.retry(3) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .next(250, 1), .error(260, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    func testInfiniteRetryAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start(disposed: 245) { xs.retry() }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 245)])
    }

    func testSynchronousFailuresUseConstantStackAndBadCount() {
        var attempts = 0
        let failing = Observable<Int>.deferred {
            attempts += 1
            return .error(testError)
        }
        XCTAssertEqual(collect(failing.retry(100_000)), [.error(testError)])
        XCTAssertEqual(attempts, 100_000)
        XCTAssertEqual(collect(failing.retry(0)), [.error(RxError.argumentOutOfRange)])
    }
}
