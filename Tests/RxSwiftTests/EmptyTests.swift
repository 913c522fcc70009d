import RxSwift
import RxTest
import TestSupport
import XCTest

final class EmptyTests: RxTestCase {
    func testScenarios() {
        assertSourceScenarios([.toTheEnd([.completed(200)])]) { _ in Observable<Int>.empty() }
        XCTAssertEqual(collect(Observable<Int>.empty()), [.completed])
    }
}
