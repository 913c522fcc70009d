import RxSwift
import RxTest
import TestSupport
import XCTest

final class JustEmptyNeverErrorTests: RxTestCase {
    func testJust() {
        XCTAssertEqual(collect(.just(1)), [.next(1), .completed])
    }

    func testJustOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.just(1, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .completed(202)])
    }

    func testEmptyNeverError() {
        XCTAssertEqual(collect(Observable<Int>.empty()), [.completed])
        XCTAssertEqual(collect(Observable<Int>.error(testError)), [.error(testError)])
        XCTAssertEqual(collect(Observable<Int>.never()), [])
    }
}
