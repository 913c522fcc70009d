import Foundation
import XCTest

/// The terminal demo (`swift run OpenRxDemo`, the README's command without GTK) runs every
/// scenario to the end: none waits in vain, none stops on a closure run off its actor.
final class TerminalDemoTests: XCTestCase {
    func testTerminalDemoRunsEveryScenario() throws {
        let program = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("OpenRxDemo")
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: program.path), "OpenRxDemo is not built next to the tests")
        let process = Process()
        process.executableURL = program
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        process.environment = ["SWIFT_BACKTRACE": "enable=no"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, printed)
        for section in 1...7 { XCTAssertTrue(printed.contains("== \(section). "), "section \(section)\n\(printed)") }
        XCTAssertTrue(printed.contains("requests for "), printed)
        XCTAssertFalse(printed.contains("timed out"), printed)
    }
}
