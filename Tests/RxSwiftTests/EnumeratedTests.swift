import RxSwift
import RxTest
import TestSupport
import XCTest

final class EnumeratedTests: RxTestCase {
    func testIndexesArePerSubscription() {
        let source = Observable.of("a", "b").enumerated().map { "\($0.index)\($0.element)" }
        XCTAssertEqual(collect(source), [.next("0a"), .next("1b"), .completed])
        XCTAssertEqual(collect(source), [.next("0a"), .next("1b"), .completed])
    }

    /// `enumerated()` seen through `index * 10 + element`.
    func testScenarios() {
        let operatorUnderTest = { (source: Observable<Int>) in source.enumerated().map { $0.index * 10 + $0.element } }
        assertScenarios(
            [
                .elements([.next(210, 1), .next(220, 12), .next(230, 23), .completed(240)]),
                .empty([.completed(210)]),
                .error([.next(210, 1), .error(220, testError)]),
                .disposedMidStream([.next(210, 1), .next(220, 12)]),
            ], operatorUnderTest)
        XCTAssertEqual(collect(operatorUnderTest(.of(1, 2, 3))), [.next(1), .next(12), .next(23), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2, 3], through: operatorUnderTest)
        XCTAssertEqual(reentrant.events, [.next(1), .next(12), .next(23), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }
}
