import RxSwift
import RxTest
import TestSupport
import XCTest

final class RangeTests: RxTestCase {
    func testRange() {
        XCTAssertEqual(collect(Observable.range(start: 5, count: 3)), [.next(5), .next(6), .next(7), .completed])
        XCTAssertEqual(collect(Observable.range(start: 5, count: 0)), [.completed])
    }

    func testBadArguments() {
        XCTAssertEqual(collect(Observable.range(start: 0, count: -1)), [.error(RxError.argumentOutOfRange)])
        XCTAssertEqual(collect(Observable<Int8>.range(start: 120, count: 10)), [.error(RxError.overflow)])
        XCTAssertEqual(collect(Observable<Int8>.range(start: 120, count: 8)).count, 9)
    }
}
