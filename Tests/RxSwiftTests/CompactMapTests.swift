import RxSwift
import RxTest
import TestSupport
import XCTest

final class CompactMapTests: RxTestCase {
    func testDropsNilsAndForwardsErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, "1"), .next(220, "x"), .next(230, "3"), .error(240, testError),
        ])
        let res = scheduler.start { xs.compactMap { Int($0) } }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3), .error(240, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testThrowingTransform() {
        XCTAssertEqual(collect(Observable.of(1, 2).compactMap { _ -> Int? in throw testError }), [.error(testError)])
    }

    func testScenarios() {
        let operatorUnderTest = { (source: Observable<Int>) in source.compactMap { $0 % 2 == 1 ? $0 * 10 : nil } }
        assertScenarios(
            [
                .elements([.next(210, 10), .next(230, 30), .completed(240)]),
                .empty([.completed(210)]),
                .error([.next(210, 10), .error(220, testError)]),
                .disposedMidStream([.next(210, 10)]),
            ], operatorUnderTest)
        XCTAssertEqual(collect(operatorUnderTest(.of(1, 2, 3))), [.next(10), .next(30), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2, 3, 5], through: operatorUnderTest)
        XCTAssertEqual(reentrant.events, [.next(10), .next(30), .next(50), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }
}
