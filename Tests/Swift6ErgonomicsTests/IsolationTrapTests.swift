import Foundation
import TestSupport
import XCTest

/// Runs `IsolationTraps` (closures of main-actor code, Xcode 26 settings) once per scenario.
final class IsolationTrapTests: TimeLimitedTestCase {
    private func run(_ scenario: String) throws -> (status: Int32, output: String) {
        let program = builtProduct("IsolationTraps")
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: program.path), "IsolationTraps is not built next to the tests")
        return try runToCompletion(program, arguments: [scenario])
    }

    /// Each closure, called off the main thread, stops the program with a message that names the
    /// operator, the actor and the fix, before its body runs.
    func testMainActorClosuresCalledOffTheMainThreadStopWithAMessage() throws {
        let operators = [
            "mapAfterObserveOn": "map",
            "subscribeAfterObserveOn": "subscribe",
            "createSubscribedOnBackground": "create",
            "subjectFedFromBackground": "subscribe",
            "disposeActionOnBackground": "Disposables.create",
            "disposeActionDisposedBySubscribeOn": "Disposables.create",
            "requestCompletingOnBackground": "Disposables.create",
            "doAfterObserveOn": "do",
            "singleAfterObserveOn": "subscribe",
            "combineLatestSelectorAfterObserveOn": "combineLatest",
            "infallibleMapAfterObserveOn": "map",
        ]
        for (scenario, api) in operators.sorted(by: { $0.key < $1.key }) {
            let (status, output) = try run(scenario)
            XCTAssertNotEqual(status, 0, scenario)
            XCTAssertFalse(output.contains("finished"), scenario)
            XCTAssertTrue(
                output.contains("OpenRx: the closure passed to `\(api)` belongs to MainActor"), "\(scenario): \(output)"
            )
            XCTAssertTrue(output.contains("`.observe(on: MainScheduler.instance)` before `\(api)`"), scenario)
            XCTAssertTrue(output.contains("with `isolation: nil`"), scenario)
        }
    }

    /// A closure of another actor, called off it, stops the program in Swift's own check.
    func testActorClosureCalledOffTheActorStops() throws {
        let (status, output) = try run("actorMapAfterObserveOn")
        XCTAssertNotEqual(status, 0)
        XCTAssertTrue(output.contains("Store"), output)
    }

    /// Closures delivered on the main thread, opted out with `isolation: nil`, or passed from
    /// nonisolated code run as before.
    func testClosuresThatRunWhereTheyMayAreUnchanged() throws {
        for scenario in [
            "deliveredOnMain", "sendableClosureOptedOut", "nonisolatedPart", "requestFromNonisolatedService",
        ] {
            let (status, output) = try run(scenario)
            XCTAssertEqual(status, 0, "\(scenario): \(output)")
            XCTAssertTrue(output.contains("finished"), scenario)
        }
    }
}
