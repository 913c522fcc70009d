import RxSwift
import RxTest
import TestSupport
import XCTest

/// RxTest's doubles on their own (not through an operator): what the hot and cold observables
/// send, to whom and when, and the subscriptions they record; what the observer records.
final class TestableObservableTests: TimeLimitedTestCase {
    func testAHotObservableSendsAtAbsoluteTimesToWhoeverIsSubscribedThen() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(260, 3), .completed(300)])
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(xs.subscribe(early)) }
        scheduler.scheduleAt(250) { subscriptions.append(xs.subscribe(late)) }
        scheduler.scheduleAt(270) { subscriptions[0].dispose() }
        scheduler.start()
        XCTAssertEqual(early.events, [.next(210, 2), .next(260, 3)], "150 is before it subscribed; 300 after it left")
        XCTAssertEqual(late.events, [.next(260, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 270), Subscription(250)])
        subscriptions[1].dispose()
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 270), Subscription(250, 300)])
    }

    func testAColdObservableStartsItsTimelineAtEachSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = xs.subscribe(first) }
        scheduler.scheduleAt(205) { _ = xs.subscribe(second) }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .error(220, testError)])
        XCTAssertEqual(second.events, [.next(215, 1), .error(225, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200), Subscription(205)], "never disposed: still open")
    }

    func testAColdObservableSendsNothingAfterItsSubscriptionIsDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { xs.subscribe(observer).dispose() }
        scheduler.start()
        XCTAssertEqual(observer.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 200)])
    }

    func testTheObserverRecordsEachEventAtTheSchedulersClock() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(String.self)
        scheduler.scheduleAt(5) { observer.onNext("a") }
        scheduler.scheduleAt(5) { observer.onNext("b") }
        scheduler.scheduleAt(9) { observer.onCompleted() }
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(5, "a"), .next(5, "b"), .completed(9)])
    }

    func testStartSubscribesAtItsTimesAndDisposesAtTheEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        var created: TestTime?
        let xs = scheduler.createHotObservable([.next(220, 1), .next(400, 2)])
        let observer = scheduler.start(created: 150, subscribed: 210, disposed: 300) {
            created = scheduler.clock
            return xs.asObservable()
        }
        XCTAssertEqual(created, 150)
        XCTAssertEqual(observer.events, [.next(220, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(210, 300)])
    }
}
