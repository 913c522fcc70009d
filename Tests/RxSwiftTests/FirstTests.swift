import RxSwift
import RxTest
import TestSupport
import XCTest

final class FirstTests: RxTestCase {
    /// `first()`: the first element, or `nil` for an empty source, and the end at once.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(210, 1), .completed(210)], subscribed: [Subscription(200, 210)]),
                .empty([.next(210, nil), .completed(210)]),
                .error([.next(210, 1), .completed(210)], subscribed: [Subscription(200, 210)]),
                .disposedMidStream([.next(210, 1), .completed(210)], subscribed: [Subscription(200, 210)]),
                Scenario(
                    "error first", input: [.error(210, testError)], expected: [.error(210, testError)],
                    subscriptions: [Subscription(200, 210)]),
            ]
        ) { source in source.first().asObservable() }
        XCTAssertEqual(collect(Observable.of(1, 2).first().asObservable()), [.next(1), .completed])
    }

    /// `first()` forwards the element and the completion before disposing its source, so a
    /// subscriber that reacts to the completion (here, a `concatMap` subscribing `hot` again)
    /// joins before the source's subscription to `hot` leaves: RxSwift's values.
    func testForwardsTheElementAndCompletionBeforeDisposingItsSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let hot = scheduler.createHotObservable([.next(245, 1), .next(375, 2)])
        let replayed = hot.first().asObservable().replay(1)
        scheduler.scheduleAt(180) { _ = replayed.connect() }
        let res = scheduler.start {
            replayed.refCount().concatMap { _ in hot.asObservable() }.withLatestFrom(hot) { $0 * 100 + $1 }
        }
        XCTAssertEqual(res.events, [.next(375, 202)])
    }
}
