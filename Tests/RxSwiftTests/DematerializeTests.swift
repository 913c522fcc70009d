import RxSwift
import RxTest
import TestSupport
import XCTest

final class DematerializeTests: RxTestCase {
    /// `materialize().dematerialize()`: the source's events, back as they were.
    func testScenarios() {
        assertScenarios(Scenario.unchanged) { source in source.materialize().dematerialize() }
        let events: Observable<Event<Int>> = .of(.next(1), .error(testError), .next(2))
        XCTAssertEqual(collect(events.dematerialize()), [.next(1), .error(testError)], "an error element ends it")
    }
}
