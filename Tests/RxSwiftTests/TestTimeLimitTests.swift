import Foundation
import TestSupport
import XCTest

/// The per-test time limit (`TimeLimitedTestCase`, the base of every XCTest case here): a test
/// that hangs stops the run at once, naming itself, instead of stalling it.
final class TestTimeLimitTests: RxTestCase {
    func testAHungTestStopsTheRunAtItsLimitAndNamesItself() throws {
        // The fixture below, alone, in a process of its own, with a limit of one second.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["RxSwiftTests.HangingFixture/testWaitsForeverWhenAsked"]
        var environment = ProcessInfo.processInfo.environment
        environment["OPENRX_HANG_FIXTURE"] = "1"
        environment["OPENRX_TEST_TIME_LIMIT"] = "1"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let started = Date()
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertTrue(
            output.contains("HangingFixture.testWaitsForeverWhenAsked did not finish within 1 s"), output)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "stopped at its limit, not at the end of time")
    }
}

/// A test that never ends, run only by `TestTimeLimitTests` (skipped otherwise).
final class HangingFixture: RxTestCase {
    func testWaitsForeverWhenAsked() throws {
        try XCTSkipUnless(
            ProcessInfo.processInfo.environment["OPENRX_HANG_FIXTURE"] == "1",
            "a fixture: TestTimeLimitTests runs it in a process of its own")
        DispatchSemaphore(value: 0).wait()
    }
}
