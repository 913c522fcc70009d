import Foundation
import TestSupport
import XCTest

/// Starts the gallery on one example and drives it with real X input events (xdotool), then
/// reads what its widgets show: under `--report` the gallery prints a `LAYOUT` line with the
/// centres of the example's widgets and a `STATE` line whenever what the example shows changes.
/// It moves the pointer and types, so it runs only on a virtual display of its own:
/// `scripts/test.sh` starts one (Xvfb) and sets `OPENRX_VIRTUAL_DISPLAY=1`; anywhere else it is
/// skipped, so that it never types into a developer's desktop session.
final class GalleryDrivenByXInputTests: TimeLimitedTestCase {
    private var gallery: Process?
    private let lines = LockedBox<[String]>([])
    private var window = ""
    private var xdotool = ""

    override func tearDown() {
        if let gallery, gallery.isRunning { gallery.terminate() }
        gallery?.waitUntilExit()
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

    /// The last line satisfying `predicate`, waiting up to `timeout` seconds for one.
    private func waitForLine(timeout: TimeInterval = 10, _ predicate: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = lines.value.last(where: predicate) { return line }
            usleep(20_000)
        }
        return nil
    }

    /// Waits until the example's latest state contains every `key=value` of `expected`.
    @discardableResult
    private func waitForState(_ expected: String..., timeout: TimeInterval = 10) -> Bool {
        waitForState(expected, timeout: timeout)
    }

    private func waitForState(_ expected: [String], timeout: TimeInterval) -> Bool {
        waitForLine(timeout: timeout) { line in
            line.hasPrefix("STATE") && lines.value.last(where: { $0.hasPrefix("STATE") }) == line
                && expected.allSatisfy { line.contains(" \($0)") }
        } != nil
    }

    private var lastState: String { lines.value.last { $0.hasPrefix("STATE") } ?? "no state" }

    /// Starts the gallery on `page` and waits for its layout.
    private func open(_ page: String) throws {
        let environment = ProcessInfo.processInfo.environment
        try XCTSkipIf(
            environment["DISPLAY"] == nil || environment["OPENRX_VIRTUAL_DISPLAY"] != "1",
            "sends X input: runs only on the virtual display of scripts/test.sh")
        xdotool = try XCTUnwrap(tool("xdotool"), "xdotool is not installed")
        let galleryURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("RxGtkDemo")
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: galleryURL.path), "RxGtkDemo is not built next to the tests")
        let process = Process()
        process.executableURL = galleryURL
        process.arguments = ["--page", page, "--undecorated", "--report", "--quit-after", "90"]
        process.environment = environment.merging(["GTK_A11Y": "none"]) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        let lines = self.lines
        output.fileHandleForReading.readabilityHandler = { handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            lines.mutate { $0 += text.split(separator: "\n").map(String.init) }
        }
        try process.run()
        gallery = process
        XCTAssertNotNil(waitForLine { $0.hasPrefix("LAYOUT page=\(page)") }, "the gallery did not start")
        window =
            try run("/usr/bin/timeout", ["10", xdotool, "search", "--sync", "--name", "OpenRx Gallery"])
            .split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertFalse(window.isEmpty, "the gallery's window was not found")
    }

    /// Where the widgets are now: the latest LAYOUT line (the gallery prints one when they move).
    private var layout: [String: [String]] {
        var centres: [String: [String]] = [:]
        for field in (lines.value.last { $0.hasPrefix("LAYOUT") } ?? "").split(separator: " ").dropFirst(2) {
            let parts = field.split(separator: "=", maxSplits: 1)
            centres[String(parts[0])] = parts[1].split(separator: ",").map(String.init)
        }
        return centres
    }

    /// Clicks the widget registered as `name`.
    private func click(_ name: String) throws {
        let point = try XCTUnwrap(layout[name], "no widget \(name) in \(layout.keys.sorted())")
        try run(xdotool, ["mousemove", "--window", window] + point + ["click", "1"])
    }

    /// Clicks into the field `name`, selects what it holds and types `text`, as a person would;
    /// retried (up to three times) until the state shows `expected`: without a window manager,
    /// the first click may land before the window takes input.
    private func type(_ text: String, into name: String, expecting expected: String...) throws {
        for _ in 0..<3 {
            try click(name)
            try run(xdotool, ["key", "ctrl+a"])
            try run(xdotool, ["type", "--delay", "40", text])
            if waitForState(expected, timeout: 4) { return }
        }
        XCTFail("typing \(text) into \(name) did not show \(expected); last state: \(lastState)")
    }

    func testSearchAsYouTypeAndTaps() throws {
        try open("search")
        XCTAssertTrue(waitForState("count=12", "noMatch=false"), lastState)
        try type("Se", into: "entry", expecting: "count=3 rows=Seoul|Sejong|Seogwipo", "noMatch=false")
        try type("Seo", into: "entry", expecting: "count=2 rows=Seoul|Seogwipo")
        for taps in 1...2 {
            try click("button")
            XCTAssertTrue(waitForState("taps=\(taps)"), "click \(taps) counts; \(lastState)")
        }
        // The drop-down: open it, move to "Contains", choose it; six cities contain "on".
        try type("on", into: "entry", expecting: "count=0", "noMatch=true") // the empty state
        for _ in 0..<3 where !waitForState("count=6", timeout: 2) {
            try click("match")
            usleep(300_000)
            try run(xdotool, ["key", "Down", "Return"])
        }
        XCTAssertTrue(
            waitForState("count=6 rows=Incheon|Daejeon|Suwon|Sejong|Changwon|Jeonju", "noMatch=false"), lastState)
    }

    func testAddingNumbers() throws {
        try open("numbers")
        try type("12", into: "field1", expecting: "sum=12")
        try type("30", into: "field2", expecting: "sum=42")
        try type("x", into: "field3", expecting: "sum=Enter whole numbers")
        try type("7", into: "field3", expecting: "sum=49")
    }

    func testSimpleValidation() throws {
        try open("validation")
        XCTAssertTrue(waitForState("enabled=false username=short password=short"), lastState)
        try type("gnome", into: "username", expecting: "username=ok")
        try type("secret", into: "password", expecting: "enabled=true", "password=ok")
        try click("button")
        XCTAssertTrue(waitForState("greeting=Welcome, gnome!"), lastState)
        try type("gn", into: "username", expecting: "enabled=false", "username=short")
    }

    func testSignUpAgainstTheLocalService() throws {
        try open("signup")
        try type("root", into: "username", expecting: "username=Already taken")
        try type("linus", into: "username", expecting: "username=Available")
        try type("penguins", into: "password", expecting: "password=Strong enough")
        try type("penguin", into: "repeat", expecting: "repeat=Does not match the password", "enabled=false")
        try type("penguins", into: "repeat", expecting: "repeat=Matches", "enabled=true")
        try click("button")
        XCTAssertTrue(waitForState("progress=100 result=Welcome aboard, linus!"), lastState)
    }

    func testSearchWithPagingLoadsTheNextPageWhenScrolledToTheEnd() throws {
        try open("paging")
        XCTAssertTrue(waitForState("rows=20", "status=20 of 2000 results"), lastState)
        let list = try XCTUnwrap(layout["list"])
        for expected in [40, 60] {
            // The mouse wheel, over the list, until the next page arrives.
            for _ in 0..<20 where !waitForState("rows=\(expected)", timeout: 0.3) {
                try run(xdotool, ["mousemove", "--window", window] + list + ["click", "--repeat", "15", "5"])
            }
            XCTAssertTrue(waitForState("rows=\(expected)", "status=\(expected) of 2000 results"), lastState)
        }
        try type("stone", into: "query", expecting: "rows=20 first=Stonebrook Village status=20 of 200 results")
    }

    func testEditableList() throws {
        try open("list")
        XCTAssertTrue(
            waitForState("items=Learn RxSwift|Write a GTK app|Test it on virtual time selected=-1 empty=false"),
            lastState)
        try type("Ship it", into: "text", expecting: "items=")
        try click("add")
        XCTAssertTrue(
            waitForState("items=Learn RxSwift|Write a GTK app|Test it on virtual time|Ship it selected=3"), lastState)
        try click("up")
        XCTAssertTrue(
            waitForState("items=Learn RxSwift|Write a GTK app|Ship it|Test it on virtual time selected=2"), lastState)
        try click("remove")
        XCTAssertTrue(waitForState("items=Learn RxSwift|Write a GTK app|Test it on virtual time selected=2"), lastState)
        try click("down")
        XCTAssertTrue(waitForState("items=Learn RxSwift|Write a GTK app|Test it on virtual time selected=2"), lastState)
        try type("Deploy", into: "text", expecting: "items=")
        try run(xdotool, ["key", "Return"]) // Enter in the entry adds, as the button does
        XCTAssertTrue(
            waitForState("items=Learn RxSwift|Write a GTK app|Test it on virtual time|Deploy selected=3"), lastState)
    }

    func testStopwatch() throws {
        try open("stopwatch")
        XCTAssertTrue(waitForState("time=00:00.0 button=Start reset=false"), lastState)
        try click("startStop")
        XCTAssertTrue(waitForState("time=00:00.5 button=Stop reset=true"), lastState)
        try click("startStop")
        XCTAssertTrue(waitForState("button=Resume"), lastState)
        let stopped = lastState
        usleep(400_000)
        XCTAssertEqual(lastState, stopped, "stopped: the time stands still")
        try click("reset")
        XCTAssertTrue(waitForState("time=00:00.0 button=Start reset=false"), lastState)
    }

    func testCalculator() throws {
        try open("calculator")
        XCTAssertTrue(waitForState("display=0"), lastState)
        for key in ["1", "2", "multiply", "3", "equals"] { try click("key-\(key)") }
        XCTAssertTrue(waitForState("display=36"), lastState)
        for key in ["plus", "4", "equals", "negate"] { try click("key-\(key)") }
        XCTAssertTrue(waitForState("display=-40"), lastState)
        try click("key-clear")
        XCTAssertTrue(waitForState("display=0"), lastState)
        // The keyboard: digits and operators by name, `=` computes, Escape clears (Return would
        // press the focused button, as in any GTK window).
        try run(xdotool, ["key", "7", "asterisk", "6", "equal"])
        XCTAssertTrue(waitForState("display=42"), lastState)
        try run(xdotool, ["key", "KP_Subtract", "2", "equal"])
        XCTAssertTrue(waitForState("display=40"), lastState)
        try run(xdotool, ["key", "Escape"])
        XCTAssertTrue(waitForState("display=0"), lastState)
    }
}
