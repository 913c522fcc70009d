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

    func testScenarios() {
        let operatorUnderTest = { (source: Observable<Int>) in source.ifEmpty(default: 9) }
        assertScenarios(
            [
                .elements([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)]),
                .empty([.next(210, 9), .completed(210)]),
                .error([.next(210, 1), .error(220, testError)]),
                .disposedMidStream([.next(210, 1), .next(220, 2)]),
            ], operatorUnderTest)
        XCTAssertEqual(collect(operatorUnderTest(.empty())), [.next(9), .completed])
        XCTAssertEqual(collect(operatorUnderTest(.of(1))), [.next(1), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2], through: operatorUnderTest)
        XCTAssertEqual(reentrant.events, [.next(1), .next(2), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }
}
