// swift-format-ignore-file
// (Laid out as the article shows it; SamplesAreCompiledTests compares the two.)
// The code of RxSwift.docc/SeeingYourStreams.md, compiled and run.

import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

final class SeeingYourStreamsTests: ArticleTestCase {
    override func tearDown() {
        RxTrace.reset()
        super.tearDown()
    }

    func testTraceAChainAndLookAtIt() throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        scheduler.traceOnVirtualTime()
        let typed = scheduler.createHotObservable([
            .next(210, "S"), .next(220, "Se"), .next(600, "Bu"), .next(640, "B"),
        ]).asObservable()
        func search(_ query: String) -> Observable<[String]> {
            let found = ["Seoul", "Sejong", "Busan"].filter { $0.hasPrefix(query) }
            return scheduler.createColdObservable([.next(100, found), .completed(100)]).asObservable()
        }
        _ = scheduler.start {
            let results = typed
                .throttle(.milliseconds(300), scheduler: scheduler)
                .distinctUntilChanged()
                .flatMapLatest { query in search(query) }
                .trace("search")
            return results
        }

        try RxTrace.write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "search-trace.html"))
        print(RxTrace.recording().marbles())

        let printed = takePrinted().joined(separator: "\n")
        XCTAssertTrue(printed.hasPrefix("time                                                      200 210 220 310"), printed)
        XCTAssertTrue(printed.contains("#1 trace “search”                                         ^-----------[\"Seoul\", \"…"), printed)
        XCTAssertTrue(printed.contains("  #2 flatMapLatest (SeeingYourStreams.swift:31)           ^-----"), printed)
        let page = try String(contentsOfFile: NSTemporaryDirectory() + "search-trace.html", encoding: .utf8)
        XCTAssertTrue(page.contains("\"kind\":\"flatMapLatest\""))
        try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "search-trace.html")
    }

    func testInATestOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        scheduler.traceOnVirtualTime()
        let typed = scheduler.createHotObservable([.next(210, "S"), .next(220, "Se")])
        let observer = scheduler.start {
            typed.asObservable()
                .throttle(.milliseconds(300), scheduler: scheduler)
                .trace("typed")
        }
        XCTAssertEqual(observer.events, [.next(210, "S"), .next(510, "Se")])
        XCTAssertEqual(RxTrace.recording().stages.map(\.kind), ["trace", "throttle", "create"])
    }

    func testWhichSubscriptionsAreStillAlive() {
        RxTrace.reset()
        let query = PublishSubject<String>()
        let subscription = query.map { $0.uppercased() }.trace("upper").subscribe()
        for stage in RxTrace.liveSubscriptions() {
            print(stage)
        }
        subscription.dispose()

        XCTAssertEqual(
            takePrinted(),
            [
                "#1 trace “upper” (traced at DocumentationExamplesTests/SeeingYourStreams.swift:64)",
                "#2 map (traced at DocumentationExamplesTests/SeeingYourStreams.swift:64)",
                "#3 subject (traced at DocumentationExamplesTests/SeeingYourStreams.swift:64)",
            ])
        XCTAssertEqual(RxTrace.liveSubscriptions(), [])
    }
}
