import RxSwift
import RxTest
import TestSupport
import XCTest

final class TakeTests: RxTestCase {
    func testTakeCountCompletesAndDisposesSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start { xs.take(2) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeZeroNegativeAndError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start { xs.take(0) }
        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
        XCTAssertEqual(collect(Observable.of(1).take(-1)), [.error(RxError.argumentOutOfRange)])
        XCTAssertEqual(collect(Observable<Int>.error(testError).take(2)), [.error(testError)])
    }

    func testTakeForDuration() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let res = scheduler.start { xs.take(for: .seconds(25), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    func testStopsInfiniteSynchronousSource() {
        XCTAssertEqual(collect(Observable.repeatElement(1).take(2)), [.next(1), .next(1), .completed])
        XCTAssertEqual(
            collect(Observable.range(start: 0, count: Int.max).map { $0 * 2 }.filter { $0 > 2 }.take(2)),
            [.next(4), .next(6), .completed])
    }

    /// `take(2)`, then `take(for: 35)`: each ends the source's subscription when it completes.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(210, 1), .next(220, 2), .completed(220)], subscribed: [Subscription(200, 220)]),
                .empty([.completed(210)]),
                .error([.next(210, 1), .error(220, testError)]),
                .disposedMidStream(
                    [.next(210, 1), .next(220, 2), .completed(220)], subscribed: [Subscription(200, 220)]),
            ]
        ) { source in source.take(2) }
        assertScenarios(
            [
                .elements(
                    [.next(210, 1), .next(220, 2), .next(230, 3), .completed(235)], subscribed: [Subscription(200, 235)]
                ),
                .empty([.completed(210)]),
                .error([.next(210, 1), .error(220, testError)]),
                .disposedMidStream([.next(210, 1), .next(220, 2)]),
            ]
        ) { source, scheduler in source.take(for: .seconds(35), scheduler: scheduler) }
        XCTAssertEqual(collect(Observable.of(1, 2, 3).take(2)), [.next(1), .next(2), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2, 3]) { $0.take(2) }
        XCTAssertEqual(reentrant.events, [.next(1), .next(2), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }
}
