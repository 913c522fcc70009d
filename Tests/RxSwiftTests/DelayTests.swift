import Dispatch
import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

final class DelayTests: RxTestCase {
    func testEventsDueAtOnceLandOneStepApart() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(240, 4), .next(240, 2)])
        let res = scheduler.start { xs.delay(.seconds(5), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(245, 4), .next(246, 2)])
        let second = TestScheduler(initialClock: 0)
        let ys = second.createColdObservable([.next(30, 6), .completed(30)])
        XCTAssertEqual(
            second.start { ys.delay(.seconds(1), scheduler: second) }.events, [.next(231, 6), .completed(232)])
    }

    func testShiftsElementsAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.delay(.seconds(15), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(225, 1), .next(235, 2), .completed(245)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testErrorIsNotDelayedAndDisposalCancels() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(215, testError)])
        let res = scheduler.start { xs.delay(.seconds(15), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.error(215, testError)])
        let ys = scheduler.createHotObservable([.next(1_010, 1)])
        let res2 = scheduler.start(created: 1_000, subscribed: 1_000, disposed: 1_020) {
            ys.delay(.seconds(15), scheduler: scheduler)
        }
        XCTAssertEqual(res2.events, [])
    }

    /// `delay(3)`: errors are not delayed; the source's subscription ends with the source.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(213, 1), .next(223, 2), .next(233, 3), .completed(243)]),
                .empty([.completed(213)]),
                .error([.next(213, 1), .error(220, testError)]),
                .disposedMidStream([.next(213, 1), .next(223, 2)]),
            ]
        ) { source, scheduler in source.delay(.seconds(3), scheduler: scheduler) }
    }

    /// A step that fires on another thread before `scheduleRelative` has returned, and starts the
    /// step of the next event meanwhile, keeps that next step: every event comes through. (The
    /// late assignment of the first step's timer disposed its successor: the events queued behind
    /// it, the completion among them, were never delivered.)
    func testAStepThatFiresBeforeSchedulingReturnsKeepsTheNextStep() {
        let scheduler = ManualScheduler(firesBeforeReturning: true)
        var source: AnyObserver<Int>?
        var events: [Event<Int>] = []
        let subscription = Observable<Int>.create { observer in
            source = observer
            return Disposables.create()
        }
        .delay(.milliseconds(1), scheduler: scheduler)
        .subscribe { event in
            events.append(event)
            // Sent while the first step runs: the step starts the timer of the next one.
            if event == .next(1) {
                source?.onNext(2)
                source?.onCompleted()
            }
        }
        source?.onNext(1)
        XCTAssertEqual(events, [.next(1)])
        scheduler.fireAll()
        XCTAssertEqual(events, [.next(1), .next(2), .completed])
        subscription.dispose()
    }
}
