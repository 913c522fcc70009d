import RxSwift
import RxTest
import TestSupport
import XCTest

final class DebugTests: RxTestCase {
    func testPassesEventsThrough() {
        XCTAssertEqual(collect(Observable.of(1, 2).debug("test", trimOutput: true)), [.next(1), .next(2), .completed])
        XCTAssertEqual(collect(Observable<Int>.error(testError).debug()), [.error(testError)])
    }

    /// `debug()` passes every event through unchanged (and prints each).
    func testScenarios() {
        assertScenarios(Scenario.unchanged) { source in source.debug("scenario", trimOutput: true) }
    }
}
