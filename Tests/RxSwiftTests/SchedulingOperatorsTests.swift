import Dispatch
import Foundation
import RxSwift
import TestSupport
import RxTest
import XCTest

final class ObserveOnTests: RxTestCase {
    func testOneScheduledActionPerEventOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(1, 2).observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .completed(203)])
    }

    func testSerialQueueInterleavesOtherWorkAsEventsArrive() {
        // Each event is scheduled when it arrives, so work queued between two events runs between
        // their deliveries (RxSwift's observe(on:) on a serial queue).
        let queue = DispatchQueue(label: "observe-on")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let subject = PublishSubject<String>()
        let log = LockedBox<[String]>([])
        let gate = DispatchSemaphore(value: 0)
        queue.async { gate.wait() }
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { value in log.mutate { $0.append(value) } })
        subject.onNext("e1")
        _ = scheduler.schedule(()) { _ in
            log.mutate { $0.append("other") }
            return Disposables.create()
        }
        subject.onNext("e2")
        gate.signal()
        queue.sync {}
        XCTAssertEqual(log.value, ["e1", "other", "e2"])
        subscription.dispose()
    }

    func testDeliversOnSchedulerInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .next(221, 2), .completed(231)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testErrorAndDisposalDropPendingEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .error(221, testError)])
        let ys = scheduler.createHotObservable([.next(1_010, 1)])
        let res2 = scheduler.start(created: 1_000, subscribed: 1_000, disposed: 1_010) { ys.observe(on: scheduler) }
        XCTAssertEqual(res2.events, [])
    }

    func testSerialisesAcrossThreadsOntoSerialQueue() {
        let queue = DispatchQueue(label: "test.observe-on")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let received = LockedBox<[Int]>([])
        let done = expectation(description: "completed")
        let subject = PublishSubject<Int>()
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { value in
            dispatchPrecondition(condition: .onQueue(queue))
            received.mutate { $0.append(value) }
        }, onCompleted: { done.fulfill() })
        runConcurrently(2) { thread in
            for value in 0..<2_000 { subject.onNext(thread * 10_000 + value) }
        }
        subject.onCompleted()
        wait(for: [done], timeout: 30)
        subscription.dispose()
        queue.sync {}  // the work item that delivered completion has returned and released its sink
        XCTAssertEqual(received.value.count, 4_000)
    }

    @available(*, deprecated, message: "exercises deprecated aliases on purpose")
    func testDeprecatedAliasBehavesTheSame() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let res = scheduler.start { xs.observeOn(scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .completed(231)])
    }
}

final class SubscribeOnTests: RxTestCase {
    @available(*, deprecated, message: "exercises deprecated aliases on purpose")
    func testSubscribesAndDisposesOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(1_005, 2)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 1_001)])
        let ys = scheduler.createHotObservable([.completed(1_100)] as [Recorded<Event<Int>>])
        let res2 = scheduler.start(created: 1_050, subscribed: 1_060, disposed: 2_000) { ys.subscribeOn(scheduler) }
        XCTAssertEqual(res2.events, [.completed(1_100)])
    }

    func testSourceTerminationDisposesItsSubscriptionOnTheScheduler() {
        for terminal in [Event<Int>.completed, .error(testError)] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([Recorded(time: 300, value: terminal)])
            let res = scheduler.start { xs.subscribe(on: scheduler) }
            XCTAssertEqual(res.events, [Recorded(time: 300, value: terminal)])
            XCTAssertEqual(xs.subscriptions, [Subscription(201, 301)])
        }
    }

    func testSubscribesOffTheCallingThread() {
        let done = expectation(description: "subscribed")
        let onMain = LockedBox(true)
        let subscription = Observable<Int>.create { observer in
            onMain.mutate { $0 = Thread.isMainThread }
            observer.onCompleted()
            return Disposables.create()
        }
        .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
        .subscribe(onCompleted: { done.fulfill() })
        wait(for: [done], timeout: 10)
        subscription.dispose()
        XCTAssertFalse(onMain.value)
    }
}

final class ThrottleTests: RxTestCase {
    func testLatestElementOfWindowIsEmittedAtItsEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(218, 3), .next(260, 4), .completed(300)])
        let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3), .next(260, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testWithoutLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(260, 4), .completed(300)])
        let res = scheduler.start { xs.throttle(.seconds(20), latest: false, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(260, 4), .completed(300)])
    }

    func testCompletionWaitsForPendingElementAndErrorIsImmediate() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])
        let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(230)])
        let ys = scheduler.createHotObservable([.next(1_010, 1), .next(1_015, 2), .error(1_020, testError)])
        let res2 = scheduler.start(created: 1_000, subscribed: 1_000, disposed: 2_000) { ys.throttle(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res2.events, [.next(1_010, 1), .error(1_020, testError)])
    }

    func testDisposalCancelsPendingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2)])
        let res = scheduler.start(disposed: 220) { xs.throttle(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}

final class DebounceTests: RxTestCase {
    func testEmitsAfterQuietPeriod() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(250, 3), .completed(300)])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(240, 2), .next(270, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testCompletionFlushesAndErrorDrops() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(215)])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(215, 1), .completed(215)])
        let ys = scheduler.createHotObservable([.next(1_010, 1), .error(1_015, testError)])
        let res2 = scheduler.start(created: 1_000, subscribed: 1_000, disposed: 2_000) { ys.debounce(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res2.events, [.error(1_015, testError)])
    }
}

final class DelayTests: RxTestCase {
    func testEventsDueAtOnceLandOneStepApart() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(240, 4), .next(240, 2)])
        let res = scheduler.start { xs.delay(.seconds(5), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(245, 4), .next(246, 2)])
        let second = TestScheduler(initialClock: 0)
        let ys = second.createColdObservable([.next(30, 6), .completed(30)])
        XCTAssertEqual(second.start { ys.delay(.seconds(1), scheduler: second) }.events, [.next(231, 6), .completed(232)])
    }

    func testShiftsElementsAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.delay(.seconds(15), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(225, 1), .next(235, 2), .completed(245)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testErrorIsNotDelayedAndDisposalCancels() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(215, testError)])
        let res = scheduler.start { xs.delay(.seconds(15), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.error(215, testError)])
        let ys = scheduler.createHotObservable([.next(1_010, 1)])
        let res2 = scheduler.start(created: 1_000, subscribed: 1_000, disposed: 1_020) { ys.delay(.seconds(15), scheduler: scheduler) }
        XCTAssertEqual(res2.events, [])
    }
}

final class TimeoutTests: RxTestCase {
    func testFailsWhenNoElementArrivesInTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
        let res = scheduler.start { xs.timeout(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(230, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testSwitchesToOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
        let other = scheduler.createColdObservable([.next(5, 9), .completed(10)])
        let res = scheduler.start { xs.timeout(.seconds(20), other: other, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(235, 9), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(other.subscriptions, [Subscription(230, 240)])
    }

    func testCompletionInTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start { xs.timeout(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
    }
}
