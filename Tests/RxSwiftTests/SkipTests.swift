import RxSwift
import RxTest
import TestSupport
import XCTest

final class SkipTests: RxTestCase {
    func testSkipCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start { xs.skip(2) }
        XCTAssertEqual(res.events, [.next(230, 3), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testSkipErrorAndNegativeCount() {
        XCTAssertEqual(collect(Observable<Int>.error(testError).skip(1)), [.error(testError)])
        XCTAssertEqual(collect(Observable.of(1).skip(-1)), [.error(RxError.argumentOutOfRange)])
    }

    func testSkipForDuration() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start { xs.skip(for: .seconds(25), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(230, 3), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }
}
