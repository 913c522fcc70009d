import RxSwift
import RxTest
import TestSupport
import XCTest

final class IfEmptyTests: RxTestCase {
    func testDefaultAndSwitch() {
        XCTAssertEqual(collect(Observable<Int>.empty().ifEmpty(default: 9)), [.next(9), .completed])
        XCTAssertEqual(collect(Observable.of(1).ifEmpty(default: 9)), [.next(1), .completed])
        XCTAssertEqual(collect(Observable<Int>.empty().ifEmpty(switchTo: .of(7, 8))), [.next(7), .next(8), .completed])
        XCTAssertEqual(collect(Observable<Int>.error(testError).ifEmpty(default: 9)), [.error(testError)])
    }

    func testSwitchIsSubscribedOnlyWhenEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let ys = scheduler.createColdObservable([.next(10, 5), .completed(20)])
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        XCTAssertEqual(res.events, [.next(220, 5), .completed(230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(210, 230)])
    }
}
