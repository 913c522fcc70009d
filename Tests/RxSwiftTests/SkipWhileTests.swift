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
}
