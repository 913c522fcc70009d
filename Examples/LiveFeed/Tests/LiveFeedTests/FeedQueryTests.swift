import LiveFeedCore
import RxSwift
import RxTest
import XCTest

/// Each client's pipeline on virtual time: the filter, the throttle and the window aggregate, and
/// the query's bad inputs.
final class FeedQueryTests: XCTestCase {
    private func reading(_ sensor: Int, _ sequence: Int, _ value: Double) -> Reading {
        Reading(sensor: "sensor-\(sensor)", producer: sensor, sequence: sequence, value: value, sentAt: 0)
    }

    /// Readings at 210 (sensor 0), 220 (sensor 1), 230 (sensor 0), 260 (sensor 0), completed at 400.
    private func source(_ scheduler: TestScheduler) -> TestableObservable<Reading> {
        scheduler.createHotObservable([
            .next(210, reading(0, 0, 1)), .next(220, reading(1, 0, 2)), .next(230, reading(0, 1, 3)),
            .next(260, reading(0, 2, 5)), .completed(400),
        ])
    }

    func testASensorFilterKeepsThatSensorsReadingsAndEndsWithTheFeed() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let readings = source(scheduler)
        let res = scheduler.start {
            FeedQuery(sensor: "sensor-1").events(from: readings.asObservable(), scheduler: scheduler)
        }
        XCTAssertEqual(res.events, [.next(220, ServerSentEvent.reading(reading(1, 0, 2))), .completed(400)])
        XCTAssertEqual(readings.subscriptions, [Subscription(200, 400)])
    }

    func testAThrottleSendsTheFirstAtOnceAndTheLatestAtThePeriodsEnd() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let readings = source(scheduler)
        let res = scheduler.start {
            FeedQuery(sensor: "sensor-0", throttleMilliseconds: 30).events(
                from: readings.asObservable(), scheduler: scheduler)
        }
        XCTAssertEqual(
            res.events,
            [
                .next(210, ServerSentEvent.reading(reading(0, 0, 1))),
                .next(240, ServerSentEvent.reading(reading(0, 1, 3))),
                .next(270, ServerSentEvent.reading(reading(0, 2, 5))),
                .completed(400),
            ])
        XCTAssertEqual(readings.subscriptions, [Subscription(200, 400)])
    }

    func testAWindowSendsOneSummaryPerPeriodEmptyOnesIncluded() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let readings = source(scheduler)
        let res = scheduler.start {
            FeedQuery(sensor: "sensor-0", windowMilliseconds: 50).events(
                from: readings.asObservable(), scheduler: scheduler)
        }
        let summary = { (values: [Double]) in
            ServerSentEvent.summary(values.reduce(WindowSummary.empty) { $0.adding($1) })
        }
        XCTAssertEqual(
            res.events,
            [
                .next(250, summary([1, 3])), .next(300, summary([5])), .next(350, summary([])),
                .next(400, summary([])), .completed(400),
            ])
        XCTAssertEqual(readings.subscriptions, [Subscription(200, 400)])
    }

    func testAFailingFeedFailsTheClientsPipelineAndDisposalReachesTheFeed() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        struct Broken: Error {}
        let readings = scheduler.createHotObservable([.next(210, reading(0, 0, 1)), .error(230, Broken())])
        let failed = scheduler.start {
            FeedQuery(windowMilliseconds: 100).events(from: readings.asObservable(), scheduler: scheduler)
        }
        XCTAssertEqual(failed.events.count, 1)
        XCTAssertEqual(failed.events.first?.time, 230)
        XCTAssertNotNil(failed.events.first?.value.error)

        let later = TestScheduler(initialClock: 0, resolution: 0.001)
        let quiet = later.createHotObservable([Recorded<Event<Reading>>]())
        _ = later.start(disposed: 500) {
            FeedQuery(throttleMilliseconds: 100).events(from: quiet.asObservable(), scheduler: later)
        }
        XCTAssertEqual(quiet.subscriptions, [Subscription(200, 500)])
    }

    func testABadQueryIsRefusedWithWhatToWrite() throws {
        XCTAssertEqual(
            try FeedQuery(parameters: [("sensor", "sensor-3"), ("throttle", "250")]),
            FeedQuery(sensor: "sensor-3", throttleMilliseconds: 250))
        let bad: [([(name: String, value: String)], FeedQueryError)] = [
            ([("window", "0")], .badPeriod(name: "window", value: "0")),
            ([("throttle", "-5")], .badPeriod(name: "throttle", value: "-5")),
            ([("throttle", "1.5")], .badPeriod(name: "throttle", value: "1.5")),
            ([("window", "3600001")], .badPeriod(name: "window", value: "3600001")),
            ([("sensor", "")], .emptySensor),
            ([("colour", "red")], .unknownParameter("colour")),
            ([("throttle", "10"), ("window", "10")], .throttleWithWindow),
        ]
        for (parameters, expected) in bad {
            XCTAssertThrowsError(try FeedQuery(parameters: parameters)) { error in
                XCTAssertEqual(error as? FeedQueryError, expected)
            }
        }
        XCTAssertEqual(
            FeedQueryError.badPeriod(name: "window", value: "0").description,
            "window=0 is not a period: write a whole number of milliseconds from 1 to 3600000")
    }

    func testTheClientsParserReadsWhatTheServerWritesAcrossChunks() {
        let text =
            ServerSentEvent.reading(reading(2, 7, 1.5)) + ServerSentEvent.heartbeat
            + ServerSentEvent.summary(WindowSummary.empty.adding(4))
        var pending = ""
        var events: [(event: String, data: String)] = []
        for character in text { events += ServerSentEvent.parse(String(character), pending: &pending) }
        XCTAssertEqual(events.map(\.event), ["reading", "summary"])
        XCTAssertEqual(pending, "")
        XCTAssertEqual(
            events.first?.data, #"{"sensor":"sensor-2","producer":2,"sequence":7,"value":1.5,"sentAt":0}"#)
    }
}
