import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

final class BufferTests: RxTestCase {
    func testEmitsOnCountOrTimeSpan() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(260, 4), .completed(300),
        ])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 3, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(230, [1, 2, 3]), .next(280, [4]), .next(300, []), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testEmptyWindowsErrorAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(290, 1), .error(300, testError)])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(40), count: 5, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(240, []), .next(280, []), .error(300, testError)])
        let ys = scheduler.createHotObservable([.next(1_010, 1)])
        let res2 = scheduler.start(created: 1_000, subscribed: 1_000, disposed: 1_030) {
            ys.buffer(timeSpan: .seconds(50), count: 5, scheduler: scheduler)
        }
        XCTAssertEqual(res2.events, [])
    }

    /// A `count` below 1 sets no limit, as in RxSwift 6.10 (checked against it): the buffers close
    /// by time and at completion only.
    func testCountBelowOneSetsNoLimit() {
        for count in [0, -1] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
            let res = scheduler.start { xs.buffer(timeSpan: .seconds(100), count: count, scheduler: scheduler) }
            XCTAssertEqual(res.events, [.next(300, [1, 2, 3]), .completed(300)], "count \(count)")
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        }
    }

    /// `buffer(timeSpan: 100, count: 2)`: the count closes the first buffer before its timer.
    func testScenarios() {
        let operatorUnderTest = { (source: Observable<Int>, scheduler: TestScheduler) in
            source.buffer(timeSpan: .seconds(100), count: 2, scheduler: scheduler)
        }
        assertScenarios(
            [
                .elements([.next(220, [1, 2]), .next(240, [3]), .completed(240)]),
                .empty([.next(210, []), .completed(210)]),
                .error([.error(220, testError)]),
                .disposedMidStream([.next(220, [1, 2])]),
            ], operatorUnderTest)
        XCTAssertEqual(
            collect(
                Observable.of(1, 2, 3).buffer(timeSpan: .seconds(100), count: 2, scheduler: MainScheduler.instance)),
            [.next([1, 2]), .next([3]), .completed])
    }

    /// A buffer timer that fires before `scheduleRelative` has returned starts the next window's
    /// timer, which is kept: buffers keep coming. (The late assignment of the first timer disposed
    /// the next one, and no buffer came again.)
    func testATimerThatFiresBeforeSchedulingReturnsKeepsTheNextTimer() {
        let scheduler = ManualScheduler(firesBeforeReturning: true)
        var buffers: [[Int]] = []
        let subscription = Observable<Int>.never()
            .buffer(timeSpan: .milliseconds(1), count: 100, scheduler: scheduler)
            .subscribe(onNext: { buffers.append($0) })
        XCTAssertEqual(buffers, [[]])
        scheduler.fire()
        scheduler.fire()
        XCTAssertEqual(buffers, [[], [], []])
        subscription.dispose()
        // The timer still pending holds the subscription's stage until it runs (and does nothing).
        scheduler.fire()
    }
}
