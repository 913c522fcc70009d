import RxSwift
import RxTest
import TestSupport
import XCTest

final class StartWithTests: RxTestCase {
    func testPrependsElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 3), .completed(220)])
        let res = scheduler.start { xs.startWith(1, 2) }
        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .next(210, 3), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    /// The elements given are sent at subscription, before the source is subscribed to.
    func testScenarios() {
        let operatorUnderTest = { (source: Observable<Int>) in source.startWith(8, 9) }
        assertScenarios(
            [
                .elements([.next(200, 8), .next(200, 9), .next(210, 1), .next(220, 2), .next(230, 3), .completed(240)]),
                .empty([.next(200, 8), .next(200, 9), .completed(210)]),
                .error([.next(200, 8), .next(200, 9), .next(210, 1), .error(220, testError)]),
                .disposedMidStream([.next(200, 8), .next(200, 9), .next(210, 1), .next(220, 2)]),
            ], operatorUnderTest)
        XCTAssertEqual(collect(operatorUnderTest(.of(1))), [.next(8), .next(9), .next(1), .completed])
        // 1 and 2 are sent from inside the deliveries of 8 and 9, before the source (a subject)
        // is subscribed to: lost, as any hot element sent before a subscription.
        let reentrant = reentrantDeliveries(of: [1, 2], through: operatorUnderTest)
        XCTAssertEqual(reentrant.events, [.next(8), .next(9), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }
}
