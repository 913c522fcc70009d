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
}
