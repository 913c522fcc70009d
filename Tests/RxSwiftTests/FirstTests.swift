import RxSwift
import RxTest
import TestSupport
import XCTest

final class FirstTests: RxTestCase {
    /// `first()`: the first element, or `nil` for an empty source, and the end at once.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(210, 1), .completed(210)], subscribed: [Subscription(200, 210)]),
                .empty([.next(210, nil), .completed(210)]),
                .error([.next(210, 1), .completed(210)], subscribed: [Subscription(200, 210)]),
                .disposedMidStream([.next(210, 1), .completed(210)], subscribed: [Subscription(200, 210)]),
                Scenario(
                    "error first", input: [.error(210, testError)], expected: [.error(210, testError)],
                    subscriptions: [Subscription(200, 210)]),
            ]
        ) { source in source.first().asObservable() }
        XCTAssertEqual(collect(Observable.of(1, 2).first().asObservable()), [.next(1), .completed])
    }
}
