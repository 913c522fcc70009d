import RxSwift
import RxTest
import TestSupport
import XCTest

final class FlatMapLatestTests: RxTestCase {
    func testSwitchesToLatestAndDisposesPrevious() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
        let b = scheduler.createColdObservable([.next(10, 10), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(230, 1), .completed(235)])
        let res = scheduler.start { xs.flatMapLatest { $0 == 0 ? a : b } }
        XCTAssertEqual(res.events, [.next(220, 1), .next(240, 10), .completed(250)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(b.subscriptions, [Subscription(230, 250)])
        XCTAssertEqual(
            xs.subscriptions, [Subscription(200, 235)], "a completed source's subscription ends at its completion")
    }

    func testErrorsAndSwitchLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        let bad = scheduler.createColdObservable([.error(10, testError)] as [Recorded<Event<Int>>])
        let xs = scheduler.createHotObservable([.next(210, bad.asObservable())])
        let res = scheduler.start { xs.switchLatest() }
        XCTAssertEqual(res.events, [.error(220, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(
            collect(Observable.of(1).flatMapLatest { _ -> Observable<Int> in throw testError }), [.error(testError)])
    }

    func testDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
        let xs = scheduler.createHotObservable([.next(210, 0)])
        let res = scheduler.start(disposed: 250) { xs.flatMapLatest { _ in inner } }
        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 250)])
    }
}
