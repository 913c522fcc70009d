import RxSwift
import RxTest
import XCTest

/// `test { }` and `expectNoEvents()` in a file that imports XCTest and RxTest only (no Testing):
/// they compile (their source location needs no macro), and their failures are XCTest's.
final class EventStreamXCTestOnlyTests: XCTestCase {
    private var failures: [(String, Int)] = []

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        failures.append((description, lineNumber))
    }

    func testUnconsumedEventsFailThroughXCTestAtTheCall() async throws {
        let line = #line + 1
        try await Observable.of(1, 2).test { events in
            let first = try await events.awaitNext()
            XCTAssertEqual(first, 1)
        }
        XCTAssertEqual(failures.map(\.0), ["Unconsumed events: next(2), completed"])
        XCTAssertEqual(failures.map(\.1), [line])
    }

    func testExpectNoEventsFailsThroughXCTest() async throws {
        // `of(1)` sends during the subscription: both events are there, not awaited.
        try await Observable.of(1).test { events in
            events.expectNoEvents()
            events.cancelAndIgnoreRemainingEvents()
        }
        XCTAssertEqual(failures.map(\.0), ["Expected no events, got: next(1), completed"])
    }
}
