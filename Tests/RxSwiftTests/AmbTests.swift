import RxSwift
import RxTest
import TestSupport
import XCTest

final class AmbTests: RxTestCase {
    func testTheLosersCompletionDoesNotDisposeTheWinner() {
        // A deliberate difference from RxSwift, whose amb lets the right-hand side's completion
        // dispose the winning left side (here: only 200:41, and a disposed at 200).
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 7)])
        let res = scheduler.start { a.startWith(41).amb(Observable.just(53)) }
        XCTAssertEqual(res.events, [.next(200, 41), .next(210, 7)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 1000)])
    }

    func testFirstToEmitWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(230, 1), .completed(240)])
        let b = scheduler.createHotObservable([.next(210, 10), .next(220, 20), .completed(250)])
        let res = scheduler.start { a.asObservable().amb(b) }
        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .completed(250)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 250)])
    }

    func testErrorCanWinAndEmptyList() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.error(210, testError)] as [Recorded<Event<Int>>])
        let b = scheduler.createHotObservable([.next(220, 1)])
        let res = scheduler.start { Observable.amb([a.asObservable(), b.asObservable()]) }
        XCTAssertEqual(res.events, [.error(210, testError)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(collect(Observable<Int>.amb([Observable<Int>]())), [.completed])
    }

    /// `amb` of the source and another that would start at 215: the source, first with any event, wins.
    func testScenarios() {
        assertScenarios(Scenario.unchanged) { source, scheduler in
            Observable.amb([source, scheduler.createHotObservable([.next(215, 100), .completed(250)]).asObservable()])
        }
    }
}
