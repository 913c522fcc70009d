import RxSwift
import RxTest
import TestSupport
import XCTest

final class DistinctUntilChangedTests: RxTestCase {
    func testDropsConsecutiveDuplicates() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 1), .completed(250),
        ])
        let res = scheduler.start { xs.distinctUntilChanged() }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .next(240, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testKeyComparerAndKeyPathForms() {
        XCTAssertEqual(
            collect(Observable.of("a", "A", "b").distinctUntilChanged { $0.lowercased() }),
            [.next("a"), .next("b"), .completed])
        XCTAssertEqual(
            collect(Observable.of(1, 3, 4).distinctUntilChanged { $0 % 2 == $1 % 2 }), [.next(1), .next(4), .completed])
        XCTAssertEqual(
            collect(Observable.of("ab", "cd", "efg").distinctUntilChanged(at: \.count)),
            [.next("ab"), .next("efg"), .completed])
        XCTAssertEqual(
            collect(Observable.of(1, 2).distinctUntilChanged { _, _ in throw testError }),
            [.next(1), .error(testError)])
    }

    /// The comparer receives the last forwarded key first and the new one second (RxSwift's
    /// order), and the last forwarded key stays while elements are dropped. An asymmetric comparer
    /// shows both: "equal" here means "larger than the last one forwarded".
    func testComparerTakesTheLastForwardedKeyFirst() {
        var calls: [String] = []
        let events = collect(
            Observable.of(1, 2, 0, 3, 5, 4).distinctUntilChanged { last, new in
                calls.append("\(last),\(new)")
                return last < new
            })
        XCTAssertEqual(events, [.next(1), .next(0), .completed])
        XCTAssertEqual(calls, ["1,2", "1,0", "0,3", "0,5", "0,4"])
    }

    /// `distinctUntilChanged()`: the standard inputs have no repeats; the last row does.
    func testScenarios() {
        assertScenarios(
            Scenario.unchanged + [
                Scenario(
                    "repeats",
                    input: [
                        .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 2), .next(250, 1), .completed(260),
                    ],
                    expected: [.next(210, 1), .next(230, 2), .next(250, 1), .completed(260)],
                    subscriptions: [Subscription(200, 260)])
            ]
        ) { $0.distinctUntilChanged() }
        XCTAssertEqual(collect(Observable.of(1, 1, 2).distinctUntilChanged()), [.next(1), .next(2), .completed])
        let reentrant = reentrantDeliveries(of: [1, 1, 2, 2, 1]) { $0.distinctUntilChanged() }
        XCTAssertEqual(reentrant.events, [.next(1), .next(2), .next(1), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }
}
