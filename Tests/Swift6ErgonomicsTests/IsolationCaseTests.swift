import Foundation
import TestSupport
import XCTest

/// Runs `IsolationCases` (closures of main-actor code, Xcode 26 settings) once per scenario.
final class IsolationCaseTests: TimeLimitedTestCase {
    private func run(_ scenario: String) throws -> (status: Int32, output: String) {
        let program = builtProduct("IsolationCases")
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: program.path), "IsolationCases is not built next to the tests")
        return try runToCompletion(program, arguments: [scenario])
    }

    /// Every closure of the main actor runs on main, whatever thread its events arrive on; the
    /// program is never stopped, and each scenario gives its result.
    func testMainActorClosuresRunOnMainWhereverTheirEventsArrive() throws {
        for scenario in [
            "mapAfterObserveOn", "createSubscribedOnBackground", "subjectFedFromBackground",
            "disposeActionOnBackground", "searchScreen", "doAfterObserveOn", "singleAfterObserveOn",
            "combineLatestSelectorAfterObserveOn", "infallibleMapAfterObserveOn",
            "scanReduceCatchAfterBackgroundSource", "retryWhenDeferredFailingOnBackground", "genericHelper",
            "deliveredOnMain", "nonisolatedPart", "requestFromNonisolatedService",
        ] {
            let (status, output) = try run(scenario)
            XCTAssertEqual(status, 0, "\(scenario): \(output)")
            XCTAssertTrue(output.contains("finished"), "\(scenario): \(output)")
        }
    }

    /// A `@Sendable` closure and a nonisolated function passed from main-actor code run where
    /// the events arrive (off main, after `observe(on:)` a background scheduler).
    func testSendableClosuresAndNonisolatedFunctionsRunWhereTheEventsArrive() throws {
        let (status, output) = try run("sendableAndFunctionRunOffMain")
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("finished"), output)
    }

    /// A closure of another actor runs on that actor (Swift's own check passes in it).
    func testActorClosuresRunOnTheirActor() throws {
        let (status, output) = try run("actorMapAfterObserveOn")
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("finished"), output)
    }
}
