import RxSwift
import RxTest
import TestSupport
import XCTest

final class MapTests: RxTestCase {
    func testElementsCompletionAndSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .completed(230), .next(240, 4),
        ])
        let res = scheduler.start { xs.map { $0 * 2 } }
        XCTAssertEqual(res.events, [.next(210, 4), .next(220, 6), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, testError)])
        let res = scheduler.start { xs.map { $0 * 2 } }
        XCTAssertEqual(res.events, [.next(210, 4), .error(220, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let res = scheduler.start {
            xs.map { value -> Int in
                if value == 2 { throw testError }
                return value
            }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let res = scheduler.start(disposed: 225) { xs.map { $0 + 1 } }
        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    /// Consecutive maps of one element type are composed into one stage: each closure still runs
    /// once per element, in chain order; an error thrown by the first ends the sequence before
    /// the second runs; the first map, subscribed on its own, is unchanged.
    func testConsecutiveMapsOfOneType() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        var calls: [String] = []
        let first = xs.map { value -> Int in
            calls.append("first \(value)")
            if value == 3 { throw testError }
            return value * 10
        }
        let res = scheduler.start {
            first.map { value -> Int in
                calls.append("second \(value)")
                return value + 1
            }
        }
        XCTAssertEqual(res.events, [.next(210, 11), .next(220, 21), .error(230, testError)])
        XCTAssertEqual(calls, ["first 1", "second 10", "first 2", "second 20", "first 3"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])

        let subject = PublishSubject<Int>()
        let base = subject.map { $0 * 10 }
        let composed = base.map { $0 + 1 }.map { $0 * 2 }
        let alone = scheduler.createObserver(Int.self)
        let chained = scheduler.createObserver(Int.self)
        let subscriptions = [base.subscribe(alone), composed.subscribe(chained)]
        subject.onNext(4)
        subject.onNext(5)
        subscriptions.forEach { $0.dispose() }
        XCTAssertEqual(alone.events, [.next(1000, 40), .next(1000, 50)])
        XCTAssertEqual(chained.events, [.next(1000, 82), .next(1000, 102)])
    }

    /// `map { $0 * 10 }`.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(210, 10), .next(220, 20), .next(230, 30), .completed(240)]),
                .empty([.completed(210)]),
                .error([.next(210, 10), .error(220, testError)]),
                .disposedMidStream([.next(210, 10), .next(220, 20)]),
            ]
        ) { source in source.map { $0 * 10 } }
        XCTAssertEqual(collect(Observable.of(1, 2).map { $0 * 10 }), [.next(10), .next(20), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2, 3]) { $0.map { $0 * 10 } }
        XCTAssertEqual(reentrant.events, [.next(10), .next(20), .next(30), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }
}
