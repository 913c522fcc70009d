import RxSwift
import RxTest
import TestSupport
import XCTest

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

    /// `delaySubscription(15)`: the source is subscribed to at 215; a hot source's earlier
    /// events are missed.
    func testScenarios() {
        let operatorUnderTest = { (source: Observable<Int>, scheduler: TestScheduler) in
            source.delaySubscription(.seconds(15), scheduler: scheduler)
        }
        assertScenarios(
            [
                .elements([.next(220, 2), .next(230, 3), .completed(240)], subscribed: [Subscription(215, 240)]),
                .empty([], subscribed: [Subscription(215, 1000)]),
                .error([.error(220, testError)], subscribed: [Subscription(215, 220)]),
                .disposedMidStream([.next(220, 2)], subscribed: [Subscription(215, 225)]),
                Scenario(
                    "disposed before the delay", input: [.next(210, 1)], disposed: 212, expected: [], subscriptions: []),
            ], operatorUnderTest)
    }

    /// A timer that fires before `scheduleRelative` returns (a busy machine preempting the
    /// subscribing thread right after the timer started): the source's subscription it made is
    /// kept, and the events come through. (It was replaced, and so disposed, by the timer's own
    /// disposable: nothing arrived, not even the completion.)
    func testATimerThatFiresBeforeSchedulingReturnsKeepsTheSourcesSubscription() {
        let scheduler = ManualScheduler(firesBeforeReturning: true)
        let subject = PublishSubject<Int>()
        var events: [Event<Int>] = []
        let subscription = subject.delaySubscription(.milliseconds(1), scheduler: scheduler)
            .subscribe { events.append($0) }
        subject.onNext(1)
        subject.onCompleted()
        XCTAssertEqual(events, [.next(1), .completed])
        XCTAssertFalse(subject.hasObservers)
        subscription.dispose()
    }
}
