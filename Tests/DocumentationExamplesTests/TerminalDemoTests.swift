import Foundation
import TestSupport
import XCTest

/// The terminal demo (`swift run OpenRxDemo`, the README's command without GTK) runs every
/// scenario to the end: none waits in vain, none stops on a closure run off its actor.
final class TerminalDemoTests: RxTestCase {
    func testTerminalDemoRunsEveryScenario() throws {
        let program = builtProduct("OpenRxDemo")
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: program.path), "OpenRxDemo is not built next to the tests")
        let (status, printed) = try runToCompletion(program, directory: FileManager.default.temporaryDirectory)
        XCTAssertEqual(status, 0, printed)
        for section in 1...7 { XCTAssertTrue(printed.contains("== \(section). "), "section \(section)\n\(printed)") }
        XCTAssertTrue(printed.contains("requests for "), printed)
        XCTAssertFalse(printed.contains("timed out"), printed)
    }
}
