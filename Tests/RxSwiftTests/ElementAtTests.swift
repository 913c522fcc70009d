import RxSwift
import RxTest
import TestSupport
import XCTest

final class ElementAtTests: RxTestCase {
    func testEmitsElementAtIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .next(230, "c")])
        let res = scheduler.start { xs.element(at: 1) }
        XCTAssertEqual(res.events, [.next(220, "b"), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testOutOfRange() {
        XCTAssertEqual(collect(Observable.of(1).element(at: 3)), [.error(RxError.argumentOutOfRange)])
        XCTAssertEqual(collect(Observable.of(1).element(at: -1)), [.error(RxError.argumentOutOfRange)])
        XCTAssertEqual(collect(Observable<Int>.error(testError).element(at: 0)), [.error(testError)])
    }

    func testScenarios() {
        let operatorUnderTest = { (source: Observable<Int>) in source.element(at: 1) }
        assertScenarios(
            [
                .elements([.next(220, 2), .completed(220)], subscribed: [Subscription(200, 220)]),
                .empty([.error(210, RxError.argumentOutOfRange)]),
                .error([.error(220, testError)]),
                .disposedMidStream([.next(220, 2), .completed(220)], subscribed: [Subscription(200, 220)]),
            ], operatorUnderTest)
        XCTAssertEqual(collect(operatorUnderTest(.of(1, 2, 3))), [.next(2), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2, 3], through: operatorUnderTest)
        XCTAssertEqual(reentrant.events, [.next(2), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }
}
