import RxSwift
import RxTest
import TestSupport
import XCTest

final class ErrorTests: RxTestCase {
    func testScenarios() {
        assertSourceScenarios([.toTheEnd([.error(200, testError)])]) { _ in Observable<Int>.error(testError) }
        XCTAssertEqual(collect(Observable<Int>.error(testError)), [.error(testError)])
    }
}
