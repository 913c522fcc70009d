import RxSwift
import RxTest
import TestSupport
import XCTest

final class SkipTests: RxTestCase {
    func testSkipCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start { xs.skip(2) }
        XCTAssertEqual(res.events, [.next(230, 3), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testSkipErrorAndNegativeCount() {
        XCTAssertEqual(collect(Observable<Int>.error(testError).skip(1)), [.error(testError)])
        // A negative count skips nothing, as in RxSwift 6.10.
        XCTAssertEqual(collect(Observable.of(1, 2).skip(-1)), [.next(1), .next(2), .completed])
    }

    func testSkipForDuration() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start { xs.skip(for: .seconds(25), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(230, 3), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    /// `skip(2)`, then `skip(for: 15)`: the second opens at 215.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(230, 3), .completed(240)]),
                .empty([.completed(210)]),
                .error([.error(220, testError)]),
                .disposedMidStream([]),
            ]
        ) { source in source.skip(2) }
        assertScenarios(
            [
                .elements([.next(220, 2), .next(230, 3), .completed(240)]),
                .empty([.completed(210)]),
                .error([.error(220, testError)]),
                .disposedMidStream([.next(220, 2)]),
            ]
        ) { source, scheduler in source.skip(for: .seconds(15), scheduler: scheduler) }
        XCTAssertEqual(collect(Observable.of(1, 2, 3).skip(2)), [.next(3), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2, 3, 4]) { $0.skip(2) }
        XCTAssertEqual(reentrant.events, [.next(3), .next(4), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }
}
