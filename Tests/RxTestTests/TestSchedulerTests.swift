import RxSwift
import RxTest
import TestSupport
import XCTest

final class TestSchedulerTests: TimeLimitedTestCase {
    func testStartUsesDefaultTimesAndRecordsSubscriptions() {
        let scheduler = TestScheduler(initialClock: 0)
        var createdAt: Int?
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(1_010, 2)])
        let res = scheduler.start { () -> Observable<Int> in
            createdAt = scheduler.clock
            return xs.asObservable()
        }
        XCTAssertEqual(createdAt, TestScheduler.Defaults.created)
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(
            xs.subscriptions, [Subscription(TestScheduler.Defaults.subscribed, TestScheduler.Defaults.disposed)])
    }

    func testColdObservableIsRelativeToEachSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, "a"), .completed(20)])
        let first = scheduler.createObserver(String.self)
        let second = scheduler.createObserver(String.self)
        scheduler.scheduleAt(100) { _ = xs.subscribe(first) }
        scheduler.scheduleAt(150) { _ = xs.subscribe(second) }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(110, "a"), .completed(120)])
        XCTAssertEqual(second.events, [.next(160, "a"), .completed(170)])
        XCTAssertEqual(xs.subscriptions, [Subscription(100), Subscription(150)])
        XCTAssertEqual(xs.recordedEvents.count, 2)
    }

    func testResolutionScalesTimeIntervals() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let res = scheduler.start { Observable<Int>.timer(.milliseconds(15), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(215, 0), .completed(215)])
    }
}

final class RecordedTests: TimeLimitedTestCase {
    func testFactoriesEqualityAndDescriptions() {
        let events = Recorded.events(.next(10, 1), .error(20, NSError(domain: "d", code: 1), Int.self))
        XCTAssertEqual(events.count, 2)
        XCTAssertEqual(Recorded.next(10, 1), Recorded(time: 10, value: Event.next(1)))
        XCTAssertNotEqual(Recorded.next(10, 1), Recorded.next(11, 1))
        XCTAssertEqual(Recorded<Event<Int>>.completed(5).debugDescription, "completed @ 5")
        XCTAssertEqual(Subscription(1, 2).debugDescription, "(1: 2)")
        XCTAssertEqual(Subscription(1).debugDescription, "(1: Infinity)")
    }

    func testErrorsCompareByTypeAndDescription() {
        enum A: Error { case x }
        enum B: Error { case x }
        XCTAssertEqual(Event<Int>.error(A.x), Event<Int>.error(A.x))
        XCTAssertNotEqual(Event<Int>.error(A.x), Event<Int>.error(B.x))
    }

    func testRecordedElementsAssertion() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }
        XCTAssertRecordedElements(res.events, [1, 2, 3])
        XCTAssertEqual(res.events.map(\.time), [201, 202, 203, 204])
    }
}

final class HotObservableTests: TimeLimitedTestCase {
    func testAHotObservableNothingStoresStillEmits() {
        let scheduler = TestScheduler(initialClock: 0)
        var got: [Int] = []
        _ = scheduler.createHotObservable([.next(100, 1), .next(300, 2)]).subscribe(onNext: { got.append($0) })
        scheduler.start()
        XCTAssertEqual(got, [1, 2])
    }

    func testASubscriberTakingTheFirstPlaceIsNotifiedFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(10, 1)])
        var log: [String] = []
        let a = xs.subscribe(onNext: { log.append("A\($0)") })
        let b = xs.subscribe(onNext: { log.append("B\($0)") })
        a.dispose()
        let c = xs.subscribe(onNext: { log.append("C\($0)") })
        scheduler.start()
        XCTAssertEqual(log, ["C1", "B1"])
        b.dispose()
        c.dispose()
    }

    /// Disposing a subscription to a cold observable cancels its scheduled events: nothing reaches
    /// the observer afterwards, and the subscription's end is recorded.
    func testColdObservableCancelsItsEventsOnDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let observer = scheduler.createObserver(Int.self)
        var subscription: Disposable?
        scheduler.scheduleAt(200) { subscription = xs.subscribe(observer) }
        scheduler.scheduleAt(215) { subscription?.dispose() }
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }
}
