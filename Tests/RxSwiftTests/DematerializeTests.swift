import RxSwift
import RxTest
import TestSupport
import XCTest

final class DematerializeTests: RxTestCase {
    /// `materialize().dematerialize()`: the source's events, back as they were.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)]),
                .empty([.completed(210)]),
                .error([.next(210, 1), .error(220, testError)]),
                .disposedMidStream([.next(210, 1), .next(220, 2)]),
            ]
        ) { source in source.materialize().dematerialize() }
        let events: Observable<Event<Int>> = .of(.next(1), .error(testError), .next(2))
        XCTAssertEqual(collect(events.dematerialize()), [.next(1), .error(testError)], "an error element ends it")
    }
}
