// Swift 6 language mode, warnings as errors: the nonisolated RxSwift-era styles compile, and run
// with the outcome RxSwift gives them, on the main thread and under `dispatchMain()`.

import Foundation
import NonisolatedStyles
import RxCocoa
import RxRelay
import RxSwift
import TestSupport
import XCTest

final class NonisolatedStylesTests: TimeLimitedTestCase {
    func testViewModelAndHarnessOnTheMainThread() {
        XCTAssertEqual(runNonisolatedScenarios(), [])
    }

    /// The same scenarios in a program whose main work runs through `dispatchMain()`: on Linux its
    /// main-queue blocks run on a worker thread, where `Thread.isMainThread` is false. Driver's
    /// main-thread check and `MainScheduler` must still know they are on main.
    func testPlainViewModelReadsAnObservableModelOnTheMainSchedulerAndBindsIntoIt() {
        let names = BehaviorRelay(value: "Ada")
        let viewModel = FormViewModel(names: names)
        XCTAssertEqual(viewModel.lengths, [0], "the current value, at once")
        XCTAssertEqual(viewModel.model.greeting, "Hello, Ada")
        viewModel.model.name = "Grace"
        viewModel.model.name = "Ada"
        XCTAssertEqual(viewModel.lengths, [0], "read after the turn of the main queue")
        let deadline = Date().addingTimeInterval(30)
        while viewModel.lengths.count < 2 && Date() < deadline {
            RunLoop.main.run(until: Date().addingTimeInterval(0.001))
        }
        XCTAssertEqual(viewModel.lengths, [0, 3], "two changes in one turn: one read")
        names.accept("Linus")
        XCTAssertEqual(viewModel.model.greeting, "Hello, Linus")
    }

    func testViewModelAndHarnessUnderDispatchMain() throws {
        let program = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "DispatchMainCheck")
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: program.path),
            "DispatchMainCheck is not built next to the tests")
        let process = Process()
        process.executableURL = program
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, printed)
        XCTAssertTrue(printed.contains("main queue on a worker thread: true"), printed)
        XCTAssertTrue(printed.contains("all scenarios passed"), printed)
    }

    /// `drive` called off the main thread (a nonisolated test) stops the program, as in RxSwift,
    /// with a message that says how to write the test.
    func testDriveOffTheMainThreadSaysToMakeTheTestMainActor() throws {
        let program = builtProduct("DispatchMainCheck")
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: program.path),
            "DispatchMainCheck is not built next to the tests")
        let (status, printed) = try runToCompletion(program, arguments: ["drive-off-main"])
        XCTAssertNotEqual(status, 0, printed)
        XCTAssertTrue(
            printed.contains(
                "drive(onNext:onCompleted:onDisposed:) must be called from the main thread: a Driver or Signal delivers there. In a test, mark the test function or its suite `@MainActor`"
            ), printed)
    }
}
