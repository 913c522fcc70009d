import RxSwift
import RxTest
import TestSupport
import XCTest

final class TakeLastTests: RxTestCase {
    func testEmitsLastElementsOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start { xs.takeLast(2) }
        XCTAssertEqual(res.events, [.next(240, 2), .next(240, 3), .completed(240)])
        XCTAssertEqual(collect(Observable.from(1...200).takeLast(3)), [.next(198), .next(199), .next(200), .completed])
        XCTAssertEqual(collect(Observable.of(1).takeLast(0)), [.completed])
        XCTAssertEqual(collect(Observable.of(1).takeLast(-1)), [.error(RxError.argumentOutOfRange)])
        XCTAssertEqual(collect(Observable<Int>.error(testError).takeLast(1)), [.error(testError)])
    }

    func testScenarios() {
        let operatorUnderTest = { (source: Observable<Int>) in source.takeLast(2) }
        assertScenarios(
            [
                .elements([.next(240, 2), .next(240, 3), .completed(240)]),
                .empty([.completed(210)]),
                .error([.error(220, testError)]),
                .disposedMidStream([]),
            ], operatorUnderTest)
        XCTAssertEqual(collect(operatorUnderTest(.of(1, 2, 3))), [.next(2), .next(3), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2, 3], through: operatorUnderTest)
        XCTAssertEqual(reentrant.events, [.next(2), .next(3), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }
}
