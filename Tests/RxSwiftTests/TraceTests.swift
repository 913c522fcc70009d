import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

/// `trace(_:)` and `RxTrace`: what a traced chain records, and that recording changes nothing.
final class TraceTests: RxTestCase {
    override func tearDown() {
        RxTrace.isEnabled = false
        RxTrace.reset()
        super.tearDown()
    }

    /// The seeds' search screen: typed text, throttled, each query searched (the previous search
    /// cancelled), on virtual time (1 tick = 1 ms). `traceEverything` traces every subscription
    /// instead of the chain's own `trace`.
    private func searchScreen(traced: Bool, disposeAt: Int = 1_000) -> (TestScheduler, [Recorded<Event<[String]>>]) {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        if traced { scheduler.traceOnVirtualTime() }
        let cities = ["Seoul", "Sejong", "Busan"]
        let typed = scheduler.createHotObservable([
            .next(210, "S"), .next(220, "Se"), .next(600, "Bu"), .next(640, "B"),
        ])
        func search(_ query: String) -> Observable<[String]> {
            let found = cities.filter { $0.hasPrefix(query) }
            return scheduler.createColdObservable([.next(100, found), .completed(100)]).asObservable()
        }
        let results = typed.asObservable()
            .throttle(.milliseconds(300), scheduler: scheduler)
            .distinctUntilChanged()
            .flatMapLatest { search($0) }
        let observer = scheduler.start(disposed: disposeAt) { traced ? results.trace("search") : results }
        return (scheduler, observer.events)
    }

    func testTheSearchScreensTraceOnVirtualTimeIsTheGoldenOne() throws {
        let (_, events) = searchScreen(traced: true)
        XCTAssertEqual(
            events, [.next(310, ["Seoul", "Sejong"]), .next(610, ["Seoul", "Sejong"]), .next(910, ["Busan"])])
        XCTAssertEqual(events, searchScreen(traced: false).1, "tracing changed what the chain does")
        let marbles = RxTrace.recording().marbles()
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden/search-trace.txt")
        if ProcessInfo.processInfo.environment["OPENRX_UPDATE_GOLDEN"] == "1" {
            try Data(marbles.utf8).write(to: golden)
        }
        XCTAssertEqual(marbles, try String(contentsOf: golden, encoding: .utf8), "got:\n\(marbles)")
        // `scripts/trace-page.sh` opens this page in headless Chromium (the docs' picture) and checks
        // the JSON against the Trace Event format's schema.
        for variable in ["OPENRX_TRACE_PAGE", "OPENRX_TRACE_JSON"] {
            if let path = ProcessInfo.processInfo.environment[variable] {
                try RxTrace.write(to: URL(fileURLWithPath: path))
            }
        }
    }

    /// `marbles(lastMoments:)` draws the latest moments only, and the stages with an event among
    /// them (the search screen's inner searches of 310 and 610 drop out).
    func testMarblesOfTheLastMomentsOnly() {
        _ = searchScreen(traced: true)
        let lines = RxTrace.recording().marbles(lastMoments: 3).split(separator: "\n")
        XCTAssertEqual(lines.count, 7, "\(lines)")
        XCTAssertTrue(lines.first?.hasSuffix("  810 910           1000") == true, "\(lines)")
        XCTAssertFalse(lines.contains { $0.contains("#6 ") || $0.contains("#7 ") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.contains("#8 create") }, "\(lines)")
    }

    /// The stages are the chain's, each under the one it feeds, with where the chain was traced;
    /// the inner searches are under `flatMapLatest`.
    func testTheStagesAreTheChainsEachUnderTheOneItFeeds() {
        _ = searchScreen(traced: true)
        let lanes = RxTrace.recording().lanes.map { "\(String(repeating: " ", count: $0.depth))\($0.stage.kind)" }
        XCTAssertEqual(
            lanes,
            [
                "trace", " flatMapLatest", "  distinctUntilChanged", "   throttle", "    create", "  create",
                "  create", "  create",
            ])
        let stages = RxTrace.recording().stages
        XCTAssertEqual(stages.first?.name, "search")
        XCTAssertTrue(stages.allSatisfy { $0.place?.hasPrefix("RxSwiftTests/TraceTests.swift:") == true }, "\(stages)")
        XCTAssertTrue(stages.allSatisfy { $0.thread == "main" })
    }

    /// The operators that share one engine (`MergeSink`) are named as the user wrote them, not
    /// after it: `flatMap`, `concatMap`, `flatMapFirst`, `concat()`, `merge()`.
    func testOperatorsSharingAnEngineAreNamedAsWritten() {
        let source = Observable.from([1, 2])
        let chains: [(String, Observable<Int>)] = [
            ("flatMap", source.flatMap { Observable.just($0) }),
            ("concatMap", source.concatMap { Observable.just($0) }),
            ("flatMapFirst", source.flatMapFirst { Observable.just($0) }),
            ("concat", Observable.from([source, source]).concat()),
            ("merge", Observable.from([source, source]).merge()),
            ("merge", Observable.from([source, source]).merge(maxConcurrent: 1)),
        ]
        for (kind, chain) in chains {
            RxTrace.reset()
            _ = chain.trace(kind).subscribe()
            XCTAssertEqual(RxTrace.recording().stages.dropFirst().first?.kind, kind)
        }
    }

    /// Each stage says where its operator was written (its own file and line, not the `trace`'s):
    /// a `concatMap` is named `concatMap`, at its line, and so is the inner sequence its closure
    /// builds; the marbles' lanes end with the file and line.
    func testEachStageSaysWhereItsOperatorWasWritten() {
        RxTrace.reset()
        let createLine = #line + 1
        let numbers = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }
        let mapLine = #line + 1
        let doubled = numbers.map { $0 * 2 }
        let concatMapLine = #line + 1
        let pages = doubled.concatMap { Observable.of($0, $0 + 1) }
        let traceLine = #line + 1
        let subscription = pages.trace("pages").subscribe()
        defer { subscription.dispose() }
        let written = RxTrace.recording().stages.map { "\($0.kind) \($0.writtenAt ?? "nowhere")" }
        let file = "RxSwiftTests/TraceTests.swift"
        XCTAssertEqual(
            written.prefix(5),
            [
                "trace \(file):\(traceLine)", "concatMap \(file):\(concatMapLine)", "map \(file):\(mapLine)",
                "create \(file):\(createLine)", "from \(file):\(concatMapLine)",
            ])
        let marbles = RxTrace.recording().marbles()
        XCTAssertTrue(marbles.contains("  #2 concatMap (TraceTests.swift:\(concatMapLine))"), marbles)
        XCTAssertTrue(marbles.contains("#1 trace “pages”  "), marbles)
        let described = RxTrace.recording().stages.map(\.description)
        XCTAssertEqual(
            described.dropFirst().first,
            "#2 concatMap (written at \(file):\(concatMapLine), traced at \(file):\(traceLine))")
    }

    /// `liveSubscriptions()` lists what is still subscribed, with where it was traced, and
    /// nothing once the subscription is disposed.
    func testLiveSubscriptionsAreTheOnesNotDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        scheduler.traceOnVirtualTime()
        let subject = PublishSubject<Int>()
        let line = #line + 1
        let subscription = subject.map { $0 * 2 }.trace("doubled").subscribe()
        subject.onNext(1)
        let live = RxTrace.liveSubscriptions()
        XCTAssertEqual(live.map(\.kind), ["trace", "map", "subject"])
        XCTAssertEqual(live.first?.place, "RxSwiftTests/TraceTests.swift:\(line)")
        XCTAssertTrue(
            live.first?.description.contains("“doubled” (traced at RxSwiftTests/TraceTests.swift:\(line))") == true)
        subscription.dispose()
        XCTAssertEqual(RxTrace.liveSubscriptions(), [])
        let events = RxTrace.recording().events.filter { $0.kind == .next }.map { "\($0.stage):\($0.value ?? "")" }
        XCTAssertEqual(events, ["3:1", "2:2", "1:2"])
    }

    /// The hop to the main actor that the library adds before a main-actor closure has no lane of
    /// its own: the stage it serves shows the events as they arrive (in main-actor code the
    /// article's sample listed a fourth stage, `observe(on: main actor)`, that nobody wrote).
    @MainActor
    func testTheHopBeforeAMainActorClosureHasNoLaneOfItsOwn() {
        RxTrace.reset()
        let query = PublishSubject<String>()
        let subscription = query.map { $0.uppercased() }.trace("upper").subscribe()
        XCTAssertEqual(RxTrace.liveSubscriptions().map(\.kind), ["trace", "map", "subject"])
        query.onNext("a")
        let events = RxTrace.recording().events.filter { $0.kind == .next }.map { "\($0.stage):\($0.value ?? "")" }
        XCTAssertEqual(events, ["3:a", "2:A", "1:A"])
        subscription.dispose()
    }

    /// Nothing is recorded for a chain that is not traced, and everything once `isEnabled` is on.
    func testOnlyTracedChainsAreRecordedUnlessTracingIsOnForEverything() {
        RxTrace.reset()
        _ = Observable.of(1, 2).take(1).subscribe()
        XCTAssertEqual(RxTrace.recording().stages, [])
        RxTrace.isEnabled = true
        _ = Observable.of(1, 2).take(1).subscribe()
        XCTAssertEqual(RxTrace.recording().stages.map(\.kind), ["take", "from"])
    }

    /// The ring keeps the newest events only.
    func testTheRecordingIsBounded() {
        RxTrace.reset()
        RxTrace.capacity = 50
        defer { RxTrace.capacity = 10_000 }
        _ = Observable.range(start: 0, count: 1_000).trace("many").subscribe()
        let events = RxTrace.recording().events
        XCTAssertEqual(events.count, 50)
        XCTAssertEqual(events.last?.kind, .disposed)
    }

    /// Shrinking the ring of a recording that holds more than the new capacity keeps its newest
    /// events, as the ring does when it wraps. (The test above shrinks an empty ring.)
    func testShrinkingTheRecordingKeepsTheNewestEvents() {
        RxTrace.reset()
        defer { RxTrace.capacity = 10_000 }
        _ = Observable.range(start: 0, count: 100).trace("many").subscribe()
        let before = RxTrace.recording().events
        XCTAssertGreaterThan(before.count, 20)
        RxTrace.capacity = 20
        let after = RxTrace.recording().events
        XCTAssertEqual(after, Array(before.suffix(20)))
        XCTAssertEqual(after.last?.kind, .disposed)
    }

    /// Complete events on one track nest: each starts and ends inside the one before it that is
    /// still open, or after it (a stage disposed after the stages it feeds, on a shared thread
    /// track, ended after its parent: viewers drop or misdraw such slices).
    private func assertSlicesNest(_ json: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let document = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let events = document["traceEvents"] as? [[String: Any]]
        else { return XCTFail("not a Trace Event document", file: file, line: line) }
        var open: [Int: [(start: Double, end: Double)]] = [:]
        let slices = events.filter { $0["ph"] as? String == "X" }.sorted {
            ($0["ts"] as? Double ?? 0) < ($1["ts"] as? Double ?? 0)
        }
        XCTAssertFalse(slices.isEmpty, file: file, line: line)
        for slice in slices {
            let track = slice["tid"] as? Int ?? -1
            let start = slice["ts"] as? Double ?? 0
            let end = start + (slice["dur"] as? Double ?? 0)
            var stack = open[track] ?? []
            while let last = stack.last, last.end <= start { stack.removeLast() }
            if let last = stack.last {
                XCTAssertLessThanOrEqual(
                    end, last.end, "a slice on track \(track) ends after the one it starts in", file: file, line: line)
            }
            stack.append((start, end))
            open[track] = stack
        }
    }

    /// The Trace Event JSON follows the format's rules: an object with `traceEvents`, each event
    /// with a name, a phase, a time in microseconds, a process and a thread; complete events
    /// with a duration, instant events with a scope, metadata events with a name argument.
    func testTheTraceEventJSONFollowsTheFormat() throws {
        _ = searchScreen(traced: true)
        let text = RxTrace.recording().traceEventJSON()
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let events = try XCTUnwrap(document["traceEvents"] as? [[String: Any]])
        XCTAssertEqual(events.filter { $0["ph"] as? String == "X" }.count, 8)
        XCTAssertEqual(
            events.filter { $0["ph"] as? String == "i" && ($0["name"] as? String)?.hasPrefix("next") == true }.count, 19
        )
        assertSlicesNest(text)
        // On real time too, where a stage disposed after the stages it feeds ends later.
        RxTrace.reset()
        RxTrace.isEnabled = true
        defer { RxTrace.isEnabled = false }
        _ = Observable.of(1, 2, 3).map { $0 * 2 }.filter { $0 > 2 }.take(1).subscribe()
        RxTrace.isEnabled = false
        assertSlicesNest(RxTrace.recording().traceEventJSON())
        for event in events {
            XCTAssertNotNil(event["name"] as? String, "\(event)")
            XCTAssertNotNil(event["pid"] as? Int, "\(event)")
            XCTAssertNotNil(event["tid"] as? Int, "\(event)")
            switch event["ph"] as? String {
            case "M": XCTAssertNotNil((event["args"] as? [String: Any])?["name"] as? String, "\(event)")
            case "X":
                XCTAssertNotNil(event["ts"] as? Double, "\(event)")
                XCTAssertGreaterThanOrEqual(event["dur"] as? Double ?? -1, 0, "\(event)")
            case "i":
                XCTAssertNotNil(event["ts"] as? Double, "\(event)")
                XCTAssertTrue(["g", "p", "t"].contains(event["s"] as? String ?? ""), "\(event)")
            default: XCTFail("phase \(event["ph"] ?? "none")")
            }
        }
    }

    /// The page holds the recording and draws it; a value cannot close its script.
    func testThePageIsSelfContained() {
        let subject = PublishSubject<String>()
        RxTrace.reset()
        let subscription = subject.trace("page").subscribe()
        subject.onNext("</script><b>")
        subscription.dispose()
        let page = RxTrace.recording().html(title: "A <page>")
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(page.contains("<title>A &lt;page></title>"))
        XCTAssertFalse(page.contains("</script><b>"))
        XCTAssertTrue(page.contains("<\\/script><b>"))
        XCTAssertFalse(page.contains("http://") && page.contains("<script src"), "no external resources")
    }
}
