import RxSwift
import RxTest
import TestSupport
import XCTest

final class SkipUntilTests: RxTestCase {
    func testEmitsAfterOtherEmits() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        let other = scheduler.createHotObservable([.next(220, "go")])
        let res = scheduler.start { xs.skip(until: other) }
        XCTAssertEqual(res.events, [.next(230, 2), .completed(240)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(
            collect(Observable<Int>.never().skip(until: Observable<Int>.error(testError))), [.error(testError)])
    }

    func testSourceCompletingBeforeTheTriggerEndsSilently() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let other = scheduler.createHotObservable([.next(250, "late")])
        let res = scheduler.start { xs.skip(until: other) }
        XCTAssertEqual(res.events, [], "RxSwift forwards the completion only after the trigger fired")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 230)])
    }

    func testSubscribesTheSourceBeforeTheTrigger() {
        // With the same hot sequence as source and trigger, the source hears each element first.
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(230, 5), .next(240, 6)])
        let res = scheduler.start { a.skip(until: a) }
        XCTAssertEqual(res.events, [.next(240, 6)])
    }

    /// `skip(until:)` a trigger at 215: the source's completion is forwarded only if the trigger fired by then.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(220, 2), .next(230, 3), .completed(240)]),
                .empty([]),
                .error([.error(220, testError)]),
                .disposedMidStream([.next(220, 2)]),
            ]
        ) { source, scheduler in source.skip(until: scheduler.createHotObservable([.next(215, "go")])) }
    }
}
