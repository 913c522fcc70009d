import RxSwift
import RxTest
import TestSupport
import XCTest

final class TakeWhileTests: RxTestCase {
    func testStopsAtFirstFailingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 1)])
        let res = scheduler.start { xs.take(while: { $0 < 3 }) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testInclusiveUntilAndErrors() {
        XCTAssertEqual(
            collect(Observable.of(1, 2, 3).take(while: { $0 < 2 }, behavior: .inclusive)),
            [.next(1), .next(2), .completed])
        XCTAssertEqual(
            collect(Observable.of(1, 2, 3).take(until: { $0 == 2 }, behavior: .inclusive)),
            [.next(1), .next(2), .completed])
        XCTAssertEqual(collect(Observable.of(1, 2, 3).take(until: { $0 == 2 })), [.next(1), .completed])
        XCTAssertEqual(collect(Observable.of(1).take(while: { _ in throw testError })), [.error(testError)])
        XCTAssertEqual(collect(Observable<Int>.error(testError).take(while: { _ in true })), [.error(testError)])
    }

    func testScenarios() {
        let exclusive = { (source: Observable<Int>) in source.take(while: { $0 < 3 }) }
        assertScenarios(
            [
                .elements([.next(210, 1), .next(220, 2), .completed(230)], subscribed: [Subscription(200, 230)]),
                .empty([.completed(210)]),
                .error([.next(210, 1), .error(220, testError)]),
                .disposedMidStream([.next(210, 1), .next(220, 2)]),
            ], exclusive)
        assertScenarios(
            [
                .elements(
                    [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)], subscribed: [Subscription(200, 230)]
                )
            ]
        ) { $0.take(while: { $0 < 3 }, behavior: .inclusive) }
        XCTAssertEqual(collect(exclusive(.of(1, 3, 1))), [.next(1), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2, 3, 1], through: exclusive)
        XCTAssertEqual(reentrant.events, [.next(1), .next(2), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }
}
