import RxSwift
import RxTest
import TestSupport
import XCTest

final class WithLatestFromTests: RxTestCase {
    func testCombinesWithLatestOfSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
        let second = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(245)])
        let res = scheduler.start { first.withLatestFrom(second) { "\($0)\($1)" } }
        XCTAssertEqual(res.events, [.next(230, "2a"), .next(250, "3b"), .completed(260)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(second.subscriptions, [Subscription(200, 245)])
    }

    func testSecondErrorAndSelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([.next(230, 1)])
        let second = scheduler.createHotObservable([.error(220, testError)] as [Recorded<Event<Int>>])
        let res = scheduler.start { first.withLatestFrom(second) }
        XCTAssertEqual(res.events, [.error(220, testError)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(
            collect(Observable.of(1).withLatestFrom(Observable.just(2)) { _, _ -> Int in throw testError }),
            [.error(testError)])
    }

    /// `withLatestFrom` a second sequence that sends 10 at 205 and 20 at 225, added together.
    func testScenarios() {
        let operatorUnderTest = { (source: Observable<Int>, scheduler: TestScheduler) in
            source.withLatestFrom(scheduler.createHotObservable([.next(205, 10), .next(225, 20)])) { $0 + $1 }
        }
        assertScenarios(
            [
                .elements([.next(210, 11), .next(220, 12), .next(230, 23), .completed(240)]),
                .empty([.completed(210)]),
                .error([.next(210, 11), .error(220, testError)]),
                .disposedMidStream([.next(210, 11), .next(220, 12)]),
            ], operatorUnderTest)
    }
}
