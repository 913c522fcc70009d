import RxSwift
import TestSupport
import RxTest
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

final class DelaySubscriptionTests: RxTestCase {
    func testSubscribesAfterDelay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(240, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 250)])
    }

    func testDisposalBeforeSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1)])
        let res = scheduler.start(disposed: 220) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [])
    }
}

final class AmbTests: RxTestCase {
    func testFirstToEmitWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(230, 1), .completed(240)])
        let b = scheduler.createHotObservable([.next(210, 10), .next(220, 20), .completed(250)])
        let res = scheduler.start { a.asObservable().amb(b) }
        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .completed(250)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 250)])
    }

    func testErrorCanWinAndEmptyList() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.error(210, testError)] as [Recorded<Event<Int>>])
        let b = scheduler.createHotObservable([.next(220, 1)])
        let res = scheduler.start { Observable.amb([a.asObservable(), b.asObservable()]) }
        XCTAssertEqual(res.events, [.error(210, testError)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(collect(Observable<Int>.amb([Observable<Int>]())), [.completed])
    }
}
