import RxSwift
import RxTest
import TestSupport
import XCTest

final class MaterializeTests: RxTestCase {
    func testMaterializeAndDematerialize() {
        let materialized = collect(Observable<Int>.of(1).concat(Observable.error(testError)).materialize())
        XCTAssertEqual(materialized, [.next(.next(1)), .next(.error(testError)), .completed])
        XCTAssertEqual(
            collect(Observable.of(Event.next(1), .completed, .next(2)).dematerialize()), [.next(1), .completed])
        XCTAssertEqual(collect(Observable.of(Event<Int>.error(testError)).dematerialize()), [.error(testError)])
    }

    func testSubscriptionLifetime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start { xs.materialize() }
        XCTAssertEqual(res.events, [.next(210, .next(1)), .next(220, .completed), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testScenarios() {
        let operatorUnderTest = { (source: Observable<Int>) in source.materialize() }
        assertScenarios(
            [
                .elements([
                    .next(210, .next(1)), .next(220, .next(2)), .next(230, .next(3)), .next(240, .completed),
                    .completed(240),
                ]),
                .empty([.next(210, .completed), .completed(210)]),
                .error([.next(210, .next(1)), .next(220, .error(testError)), .completed(220)]),
                .disposedMidStream([.next(210, .next(1)), .next(220, .next(2))]),
            ], operatorUnderTest)
        XCTAssertEqual(collect(operatorUnderTest(.of(1))), [.next(.next(1)), .next(.completed), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2], through: operatorUnderTest)
        XCTAssertEqual(reentrant.events, [.next(.next(1)), .next(.next(2)), .next(.completed), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }
}
