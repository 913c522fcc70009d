import Foundation
import TestSupport
import XCTest

/// Starts the demo app and drives it with real X input events (xdotool), then reads what its
/// widgets show (the demo prints a `STATE` line whenever its window changes under `--report`).
/// It moves the pointer and types, so it runs only on a virtual display of its own:
/// `scripts/test.sh` starts one (Xvfb) and sets `OPENRX_VIRTUAL_DISPLAY=1`; anywhere else it is
/// skipped, so that it never types into a developer's desktop session.
final class DemoDrivenByXInputTests: XCTestCase {
    private var demo: Process?

    override func tearDown() {
        if let demo, demo.isRunning { demo.terminate() }
        demo?.waitUntilExit()
        super.tearDown()
    }

    private func tool(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @discardableResult
    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testTypingAndClickingUpdateTheScreen() throws {
        let environment = ProcessInfo.processInfo.environment
        try XCTSkipIf(
            environment["DISPLAY"] == nil || environment["OPENRX_VIRTUAL_DISPLAY"] != "1",
            "sends X input: runs only on the virtual display of scripts/test.sh")
        let xdotool = try XCTUnwrap(tool("xdotool"), "xdotool is not installed")
        let demoURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "RxGtkDemo")
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: demoURL.path), "RxGtkDemo is not built next to the tests")

        let lines = LockedBox<[String]>([])
        let process = Process()
        process.executableURL = demoURL
        process.arguments = ["--undecorated", "--report", "--quit-after", "60"]
        process.environment = environment.merging(["GTK_A11Y": "none"]) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        output.fileHandleForReading.readabilityHandler = { handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            lines.mutate { $0 += text.split(separator: "\n").map(String.init) }
        }
        try process.run()
        demo = process

        func waitForLine(timeout: TimeInterval = 15, _ predicate: (String) -> Bool) -> String? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if let line = lines.value.last(where: predicate) { return line }
                usleep(20_000)
            }
            return nil
        }

        let layout = try XCTUnwrap(waitForLine { $0.hasPrefix("LAYOUT") }, "the demo did not start")
        XCTAssertNotNil(
            waitForLine {
                $0
                    == "STATE count=12 rows=Seoul|Busan|Incheon|Daegu|Daejeon|Gwangju|Suwon|Ulsan|Sejong|Seogwipo|Changwon|Jeonju"
            })
        func point(_ name: String) -> [String] {
            let field = layout.split(separator: " ").first { $0.hasPrefix("\(name)=") }!
            return field.dropFirst(name.count + 1).split(separator: ",").map(String.init)
        }
        let window =
            try run("/usr/bin/timeout", ["10", xdotool, "search", "--sync", "--name", "OpenRx search"])
            .split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertFalse(window.isEmpty, "the demo window was not found")

        // Click into the entry and type, as a person would. Without a window manager the first
        // click may land before the window takes input, so a query is retyped (select all, type)
        // up to three times.
        func typeQuery(_ text: String, expecting state: String) throws -> Bool {
            for _ in 0..<3 {
                try run(xdotool, ["mousemove", "--window", window] + point("entry") + ["click", "1"])
                try run(xdotool, ["key", "ctrl+a"])
                try run(xdotool, ["type", "--delay", "60", text])
                if waitForLine(timeout: 5, { $0 == state }) != nil { return true }
            }
            return false
        }
        XCTAssertTrue(
            try typeQuery("Se", expecting: "STATE count=3 rows=Seoul|Sejong|Seogwipo"),
            "typing 'Se' shows the three matching cities; got \(lines.value)")
        XCTAssertTrue(
            try typeQuery("Seo", expecting: "STATE count=2 rows=Seoul|Seogwipo"),
            "typing 'Seo' narrows the list; got \(lines.value)")

        // Click the button, twice.
        for taps in 1...2 {
            try run(xdotool, ["mousemove", "--window", window] + point("button") + ["click", "1"])
            XCTAssertNotNil(
                waitForLine(timeout: 5) { $0 == "STATE taps=\(taps) taps" }, "click \(taps) counts; got \(lines.value)")
        }

        // A screenshot of what the screen shows, kept when OPENRX_SCREENSHOT names a file.
        if let convert = tool("import") {
            let path = environment["OPENRX_SCREENSHOT"] ?? NSTemporaryDirectory() + "openrx-demo.png"
            try run(convert, ["-window", "root", path])
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            XCTAssertGreaterThan(size, 1_000, "a screenshot was taken")
        }
    }
}
