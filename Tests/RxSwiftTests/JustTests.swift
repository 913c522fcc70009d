import RxSwift
import RxTest
import TestSupport
import XCTest

final class JustTests: RxTestCase {
    func testScenarios() {
        assertSourceScenarios([.toTheEnd([.next(201, 1), .completed(202)]), .disposed(at: 200, [])]) { scheduler in
            Observable.just(1, scheduler: scheduler)
        }
        assertSourceScenarios([.toTheEnd([.next(200, 1), .completed(200)])]) { _ in Observable.just(1) }
        XCTAssertEqual(collect(.just(1)), [.next(1), .completed])
    }
}
