import RxSwift
import RxTest
import TestSupport
import XCTest

final class ReduceTests: RxTestCase {
    func testEmitsFinalValueOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.reduce(0, accumulator: +) }
        XCTAssertEqual(res.events, [.next(230, 3), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testEmptySourceEmitsTheSeed() {
        XCTAssertEqual(collect(Observable<Int>.empty().reduce(5, accumulator: +)), [.next(5), .completed])
    }

    func testMapResultTransformsTheFinalValue() {
        XCTAssertEqual(
            collect(Observable.of(1, 2).reduce(0, accumulator: +, mapResult: { "\($0)" })), [.next("3"), .completed])
    }

    func testReduceIntoMutatesInPlace() {
        XCTAssertEqual(collect(Observable.of(1, 2).reduce(into: 0) { $0 += $1 }), [.next(3), .completed])
    }

    func testAccumulatorThatThrowsFails() {
        XCTAssertEqual(collect(Observable.of(1, 2).reduce(0) { _, _ in throw testError }), [.error(testError)])
    }

    func testSourceErrorIsForwardedWithoutAValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let res = scheduler.start { xs.reduce(0, accumulator: +) }
        XCTAssertEqual(res.events, [.error(220, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    /// `reduce(10, accumulator: +)`: one element, at completion.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(240, 16), .completed(240)]),
                .empty([.next(210, 10), .completed(210)]),
                .error([.error(220, testError)]),
                .disposedMidStream([]),
            ]
        ) { source in source.reduce(10, accumulator: +) }
        XCTAssertEqual(collect(Observable.of(1, 2, 3).reduce(10, accumulator: +)), [.next(16), .completed])
    }
}
