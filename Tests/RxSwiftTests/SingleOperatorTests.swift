import RxSwift
import RxTest
import TestSupport
import XCTest

final class SingleOperatorTests: RxTestCase {
    func testSingleElementAndErrors() {
        XCTAssertEqual(collect(Observable.just(1).single()), [.next(1), .completed])
        XCTAssertEqual(collect(Observable<Int>.empty().single()), [.error(RxError.noElements)])
        XCTAssertEqual(collect(Observable.of(1, 2).single()), [.next(1), .error(RxError.moreThanOneElement)])
        XCTAssertEqual(collect(Observable.of(1, 2, 3).single { $0 == 2 }), [.next(2), .completed])
        XCTAssertEqual(collect(Observable.of(1).single { _ in throw testError }), [.error(testError)])
    }

    func testSingleDisposesSourceOnSecondElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.single() }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testFirst() {
        XCTAssertEqual(collect(Observable.of(4, 5).first().asObservable()), [.next(4), .completed])
        XCTAssertEqual(collect(Observable<Int>.empty().first().asObservable()), [.next(nil), .completed])
        XCTAssertEqual(collect(Observable<Int>.error(testError).first().asObservable()), [.error(testError)])
    }
}
