import RxSwift
import RxTest
import TestSupport
import XCTest

final class ConcatMapTests: RxTestCase {
    func testSubscribesOneAfterAnother() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(215, 1), .completed(216)])
        let res = scheduler.start { xs.concatMap { _ in inner } }
        XCTAssertEqual(res.events, [.next(220, 1), .next(240, 1), .completed(250)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230), Subscription(230, 250)])
    }
}
