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

    func testScenarios() {
        assertSourceScenarios([
            .toTheEnd([.next(201, 5), .next(202, 6), .next(203, 7), .completed(204)]),
            .disposed(at: 203, [.next(201, 5), .next(202, 6)]),
        ]) { scheduler in Observable.range(start: 5, count: 3, scheduler: scheduler) }
        assertSourceScenarios([.toTheEnd([.completed(201)])]) { scheduler in
            Observable.range(start: 5, count: 0, scheduler: scheduler)
        }
    }
}
