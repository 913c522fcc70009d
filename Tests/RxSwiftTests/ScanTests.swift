import RxSwift
import RxTest
import TestSupport
import XCTest

final class ScanTests: RxTestCase {
    func testEmitsRunningAccumulation() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start { xs.scan(10) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(210, 11), .next(220, 13), .next(230, 16), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testScanIntoAndErrors() {
        XCTAssertEqual(
            collect(Observable.of(1, 2).scan(into: [Int]()) { $0.append($1) }),
            [.next([1]), .next([1, 2]), .completed])
        XCTAssertEqual(collect(Observable.of(1, 2).scan(0) { _, _ in throw testError }), [.error(testError)])
        XCTAssertEqual(collect(Observable<Int>.error(testError).scan(0, accumulator: +)), [.error(testError)])
    }

    func testScenarios() {
        let operatorUnderTest = { (source: Observable<Int>) in source.scan(10, accumulator: +) }
        assertScenarios(
            [
                .elements([.next(210, 11), .next(220, 13), .next(230, 16), .completed(240)]),
                .empty([.completed(210)]),
                .error([.next(210, 11), .error(220, testError)]),
                .disposedMidStream([.next(210, 11), .next(220, 13)]),
            ], operatorUnderTest)
        XCTAssertEqual(collect(operatorUnderTest(.of(1, 2, 3))), [.next(11), .next(13), .next(16), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2, 3], through: operatorUnderTest)
        XCTAssertEqual(reentrant.events, [.next(11), .next(13), .next(16), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }
}
