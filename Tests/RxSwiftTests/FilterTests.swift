import RxSwift
import RxTest
import TestSupport
import XCTest

final class FilterTests: RxTestCase {
    func testKeepsMatchingElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
        let res = scheduler.start { xs.filter { $0 % 2 == 0 } }
        XCTAssertEqual(res.events, [.next(220, 2), .next(240, 4), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testPredicateThatThrowsFailsAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let res = scheduler.start { xs.filter { _ in throw testError } }
        XCTAssertEqual(res.events, [.error(210, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testDisposalStopsElementsAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(1_010, 1), .next(1_030, 2)])
        let res = scheduler.start(created: 1_000, subscribed: 1_001, disposed: 1_020) { xs.filter { _ in true } }
        XCTAssertEqual(res.events, [.next(1_010, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(1_001, 1_020)])
    }

    func testSourceErrorIsForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, testError)])
        let res = scheduler.start { xs.filter { $0 > 1 } }
        XCTAssertEqual(res.events, [.next(210, 2), .error(220, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    /// Benchmarks/README.md, "Scaling": a chain of 10,000 stages subscribes, delivers and disposes
    /// without overflowing the stack (on the main thread's 8 MB).
    func testTenThousandStagesInAChain() {
        let subject = PublishSubject<Int>()
        var chain = subject.asObservable()
        for _ in 0..<10_000 { chain = chain.filter { $0 >= 0 } }
        var seen: [Int] = []
        let subscription = chain.subscribe(onNext: { seen.append($0) })
        subject.onNext(1)
        subject.onNext(-1)
        subject.onNext(2)
        subscription.dispose()
        subject.onNext(3)
        XCTAssertEqual(seen, [1, 2])
        XCTAssertFalse(subject.hasObservers)
    }

    /// `filter { $0 != 2 }`.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(210, 1), .next(230, 3), .completed(240)]),
                .empty([.completed(210)]),
                .error([.next(210, 1), .error(220, testError)]),
                .disposedMidStream([.next(210, 1)]),
            ]
        ) { source in source.filter { $0 != 2 } }
        XCTAssertEqual(collect(Observable.of(1, 2, 3).filter { $0 != 2 }), [.next(1), .next(3), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2, 3]) { $0.filter { $0 != 2 } }
        XCTAssertEqual(reentrant.events, [.next(1), .next(3), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }
}
