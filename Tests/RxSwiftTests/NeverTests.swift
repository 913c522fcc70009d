import RxSwift
import RxTest
import TestSupport
import XCTest

final class NeverTests: RxTestCase {
    func testScenarios() {
        assertSourceScenarios([.toTheEnd([]), .disposed(at: 500, [])]) { _ in Observable<Int>.never() }
        XCTAssertEqual(collect(Observable<Int>.never()), [])
    }
}
