import RxSwift
import RxTest
import TestSupport
import XCTest

final class SingleElementTests: RxTestCase {
    /// `single()`: an error for a second element or for none.
    func testScenarios() {
        assertScenarios(
            [
                .elements(
                    [.next(210, 1), .error(220, RxError.moreThanOneElement)], subscribed: [Subscription(200, 220)]),
                .empty([.error(210, RxError.noElements)]),
                .error([.next(210, 1), .error(220, testError)]),
                .disposedMidStream(
                    [.next(210, 1), .error(220, RxError.moreThanOneElement)], subscribed: [Subscription(200, 220)]),
                Scenario(
                    "one element", input: [.next(210, 1), .completed(240)], expected: [.next(210, 1), .completed(240)],
                    subscriptions: [Subscription(200, 240)]),
            ]
        ) { source in source.single() }
    }

    /// `single { $0 == 2 }`: the one match, sent when it comes; the end when the source ends.
    func testScenariosWithAPredicate() {
        assertScenarios(
            [
                .elements([.next(220, 2), .completed(240)]),
                .empty([.error(210, RxError.noElements)]),
                .error([.error(220, testError)]),
                .disposedMidStream([.next(220, 2)]),
            ]
        ) { source in source.single { $0 == 2 } }
    }
}
