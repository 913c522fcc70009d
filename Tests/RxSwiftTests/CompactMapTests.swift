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
}
