import RxSwift
import RxTest
import TestSupport
import XCTest

final class SkipWhileTests: RxTestCase {
    func testSkipsUntilPredicateFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 3), .next(230, 1), .completed(240)])
        let res = scheduler.start { xs.skip(while: { $0 < 3 }) }
        XCTAssertEqual(res.events, [.next(220, 3), .next(230, 1), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(collect(Observable.of(1).skip(while: { _ in throw testError })), [.error(testError)])
    }

    func testScenarios() {
        let operatorUnderTest = { (source: Observable<Int>) in source.skip(while: { $0 < 2 }) }
        assertScenarios(
            [
                .elements([.next(220, 2), .next(230, 3), .completed(240)]),
                .empty([.completed(210)]),
                .error([.error(220, testError)]),
                .disposedMidStream([.next(220, 2)]),
            ], operatorUnderTest)
        XCTAssertEqual(collect(operatorUnderTest(.of(1, 2, 1))), [.next(2), .next(1), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2, 3, 1], through: operatorUnderTest)
        XCTAssertEqual(reentrant.events, [.next(2), .next(3), .next(1), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }
}
