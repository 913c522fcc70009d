import Dispatch
import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

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

    /// `subscribe(on:)` the test scheduler: the source is subscribed to one step later, and a
    /// disposal made by the subscriber reaches it one step later. (The table's source is the hot
    /// observable behind `asObservable()`, which ends its own subscription with its terminal
    /// event, as in RxSwift; `testSourceTerminationDisposesItsSubscriptionOnTheScheduler` shows
    /// the scheduled disposal after a terminal event.)
    func testScenarios() {
        assertScenarios(
            [
                .elements(
                    [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)], subscribed: [Subscription(201, 240)]
                ),
                .empty([.completed(210)], subscribed: [Subscription(201, 210)]),
                .error([.next(210, 1), .error(220, testError)], subscribed: [Subscription(201, 220)]),
                .disposedMidStream([.next(210, 1), .next(220, 2)], subscribed: [Subscription(201, 226)]),
            ]
        ) { source, scheduler in source.subscribe(on: scheduler) }
    }
}

final class SubscribeOnActorTests: RxTestCase {
    func testSubscribesOnACustomActor() async {
        let tally = Tally()
        let received = LockedBox<[Int]>([])
        let subscription = Observable<Int>.create { @Sendable observer in
            tally.preconditionIsolated("subscribed on the actor")
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        .subscribe(on: tally)
        .subscribe(onNext: { @Sendable value in received.mutate { $0.append(value) } })
        let arrived = await eventually { received.value == [1] }
        XCTAssertTrue(arrived)
        subscription.dispose()
    }

    @MainActor
    func testOnTheMainActorSubscribesAtOnceWhenOnMain() {
        var received: [Int] = []
        let subscription = Observable.of(1, 2).subscribe(on: MainActor.shared).subscribe(onNext: { received.append($0) }
        )
        XCTAssertEqual(received, [1, 2])
        subscription.dispose()
    }

    func testOnTheMainActorSubscribesOnMainFromAnotherThread() async {
        let onMain = LockedBox<Bool?>(nil)
        let subscription = SerialDisposable()
        let subscribed = expectation(description: "subscribed")
        DispatchQueue.global().async {
            let made = Observable<Int>.create { @Sendable observer in
                onMain.mutate { $0 = Thread.isMainThread }
                subscribed.fulfill()
                return Disposables.create()
            }
            .subscribe(on: MainActor.shared)
            .subscribe()
            subscription.disposable = made
        }
        await fulfillment(of: [subscribed], timeout: 30)
        XCTAssertEqual(onMain.value, true)
        subscription.dispose()
    }
}
