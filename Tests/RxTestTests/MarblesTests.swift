import RxSwift
import TestSupport
import XCTest

@testable import RxTest

private enum Failure: Error { case boom }

/// The marble grammar, its errors, and the failure pictures.
final class MarblesTests: TimeLimitedTestCase {
    func testFramesElementsAndCompletionFromTheSubscriptionTime() throws {
        let events: [Recorded<Event<Int>>] = try Recorded.events("--a-b--|", values: ["a": 1, "b": 2])
        XCTAssertEqual(events, [.next(220, 1), .next(240, 2), .completed(270)])
    }

    func testCaretIsTimeZeroAndEarlierCharactersAreEarlier() throws {
        let events: [Recorded<Event<Int>>] = try Recorded.events("-a-^-b|", values: ["a": 1, "b": 2])
        XCTAssertEqual(events, [.next(180, 1), .next(220, 2), .completed(230)])
    }

    /// A group's events share the frame of `(`; every character of it still takes a frame.
    func testGroupsShareTheirFrameAndKeepTheTimelineAligned() throws {
        let events: [Recorded<Event<Int>>] = try Recorded.events(
            "-(ab)-c(d|)", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        XCTAssertEqual(events, [.next(210, 1), .next(210, 2), .next(260, 3), .next(270, 4), .completed(270)])
    }

    func testErrorsComeFromTheDictionaryOrAreMarbleErrors() throws {
        let given: [Recorded<Event<Int>>] = try Recorded.events("-#", errors: ["#": Failure.boom])
        XCTAssertEqual(given, [.error(210, Failure.boom)])
        let unnamed: [Recorded<Event<Int>>] = try Recorded.events("--#")
        XCTAssertEqual(unnamed, [.error(220, MarbleError(symbol: "#"))])
    }

    func testSpacesAreIgnoredAndStringElementsNeedNoValues() throws {
        let events: [Recorded<Event<String>>] = try Recorded.events("  a - b |")
        XCTAssertEqual(events, [.next(200, "a"), .next(220, "b"), .completed(230)])
    }

    func testFrameLengthAndTimeZeroAreParameters() throws {
        let events: [Recorded<Event<String>>] = try Recorded.events("-x|", frame: 5, subscribed: 0)
        XCTAssertEqual(events, [.next(5, "x"), .completed(10)])
    }

    func testSubscriptionMarbles() throws {
        XCTAssertEqual(try Subscription.subscriptions("^---!"), [Subscription(200, 240)])
        XCTAssertEqual(try Subscription.subscriptions("--^--!-^"), [Subscription(220, 250), Subscription(270)])
        XCTAssertEqual(try Subscription.subscriptions("^!", frame: 1, subscribed: 0), [Subscription(0, 1)])
    }

    func testHotAndColdObservablesFromMarbles() {
        let scheduler = TestScheduler(initialClock: 0)
        let hot = scheduler.createHotObservable("-a-^-b-c|", values: ["a": 1, "b": 2, "c": 3])
        let cold = scheduler.createColdObservable("-x|", values: ["x": 9])
        let res = scheduler.start { Observable.merge(hot.asObservable(), cold.asObservable()) }
        XCTAssertEqual(res.events, marbles: "-xb-c|", values: ["x": 9, "b": 2, "c": 3])
        XCTAssertEqual(hot.subscriptions, marbles: "^----!")
        XCTAssertEqual(cold.subscriptions, marbles: "^-!")
    }

    // Malformed diagrams: the message names the problem and points at the character.

    private func syntaxError(_ marbles: String, subscriptions: Bool = false) -> MarbleSyntaxError? {
        do {
            if subscriptions {
                _ = try Subscription.subscriptions(marbles)
            } else {
                let _: [Recorded<Event<Int>>] = try Recorded.events(marbles, values: ["a": 1, "b": 2])
            }
            return nil
        } catch {
            return error as? MarbleSyntaxError
        }
    }

    /// RxJS's time progression: between spaces, `20ms`, `1.5s` or `2m` of virtual time pass, in
    /// ticks of `resolution` seconds, after the frames before it.
    func testTimeProgression() throws {
        let millisecondTicks: [Recorded<Event<Int>>] = try Recorded.events(
            "a 20ms b 1s |", values: ["a": 1, "b": 2], resolution: 0.001)
        XCTAssertEqual(millisecondTicks, [.next(200, 1), .next(230, 2), .completed(1_240)])
        let secondTicks: [Recorded<Event<String>>] = try Recorded.events("2m a", frame: 1)
        XCTAssertEqual(secondTicks, [.next(320, "a")])
        let tenthTicks: [Recorded<Event<String>>] = try Recorded.events("- 1.5s x", frame: 1, resolution: 0.1)
        XCTAssertEqual(tenthTicks, [.next(216, "x")])
        // Not between spaces: symbols, as before.
        let symbols: [Recorded<Event<String>>] = try Recorded.events("a1s", frame: 1)
        XCTAssertEqual(symbols, [.next(200, "a"), .next(201, "1"), .next(202, "s")])
        XCTAssertEqual(
            try Subscription.subscriptions("^ 50ms !", resolution: 0.001), [Subscription(200, 260)])
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let xs = scheduler.createColdObservable("a 100ms b|", values: ["a": 1, "b": 2])
        XCTAssertEqual(xs.recordedEvents, [.next(0, 1), .next(110, 2), .completed(120)])
    }

    func testMalformedTimeProgressions() {
        XCTAssertEqual(syntaxError("a 20ms b")?.reason, "20ms is not a whole number of ticks of 1.0 s")
        XCTAssertEqual(syntaxError("a 20ms b")?.position, 2)
        XCTAssertEqual(syntaxError("(a 1s b)")?.reason, "a time progression inside a group")
    }

    /// Hot and cold observables whose values are observables (RxJS's higher-order marbles).
    func testObservablesAsValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner1 = scheduler.createColdObservable("-x|", values: ["x": 1])
        let inner2 = scheduler.createColdObservable("--y|", values: ["y": 2])
        let outer = scheduler.createHotObservable("-a--b-|", values: ["a": inner1, "b": inner2])
        let res = scheduler.start { outer.flatMap { $0 } }
        XCTAssertEqual(res.events, marbles: "--x---y|", values: ["x": 1, "y": 2])
        XCTAssertEqual(inner1.subscriptions, marbles: "-^-!")
        XCTAssertEqual(inner2.subscriptions, marbles: "----^--!")
    }

    /// A sequence of sequences against a higher-order diagram: each inner sequence recorded from
    /// its emission (an error too), a wrong inner diagram a failure, a malformed one its message.
    func testHigherOrderExpectations() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable("-x#", values: ["x": 1])
        let second = scheduler.createColdObservable("--|", values: [:] as [Character: Int])
        let outer = scheduler.createHotObservable("--a-b|", values: ["a": first, "b": second])
        let res = scheduler.startRecordingInner { outer.asObservable() }
        XCTAssertEqual(res, marbles: "--a-b|", inner: ["a": "-x#", "b": "--|"], values: ["x": 1])
        XCTAssertEqual(res.first?.value.element, [.next(10, 1), .error(20, MarbleError(symbol: "#"))])
        let wrong = MarbleCheck.events(
            res, marbles: "--a-b|",
            values: try innerValues(["a": "-x|", "b": "--|"], values: ["x": 1], errors: [:], frame: 10, resolution: 1),
            errors: [:], frame: 10, resolution: 1, subscribed: 200)
        XCTAssertNotNil(wrong)
        XCTAssertThrowsError(try innerValues(["a": "-x)"], values: ["x": 1], errors: [:], frame: 10, resolution: 1))
    }

    func testMalformedDiagramsPointAtTheOffendingCharacter() {
        let cases: [(String, Int, String)] = [
            ("-a-(b", 3, "'(' without ')'"),
            ("-a)", 2, "')' without '('"),
            ("-()", 2, "an empty group"),
            ("(a(b))", 2, "a group inside a group"),
            ("(a-b)", 2, "'-' inside a group"),
            ("-a|b", 3, "an event after the end at character 3"),
            ("-#-a", 3, "an event after the end at character 2"),
            ("^-^", 2, "a second '^'"),
            ("(^a)", 1, "'^' inside a group"),
            ("-a!", 2, "'!' belongs in subscription marbles"),
            ("-c", 1, "no value for 'c' in `values`"),
        ]
        for (marbles, position, reason) in cases {
            let error = syntaxError(marbles)
            XCTAssertEqual(error?.position, position, marbles)
            XCTAssertEqual(error?.reason, reason, marbles)
        }
        XCTAssertEqual(
            syntaxError("-a)")?.description,
            "Malformed marbles: ')' without '(' (character 3)\n  -a)\n    ^")
    }

    func testMalformedSubscriptionDiagrams() {
        XCTAssertEqual(syntaxError("--!", subscriptions: true)?.reason, "'!' without '^'")
        XCTAssertEqual(syntaxError("^-^", subscriptions: true)?.reason, "a second '^' before '!'")
        XCTAssertEqual(syntaxError("^-a", subscriptions: true)?.position, 2)
    }

    func testColdDiagramsRefuseACaret() {
        XCTAssertThrowsError(
            try MarbleTimeline.coldEvents("-^-a", values: ["a": 1], errors: [:], frame: 10, resolution: 1)
        ) { error in
            XCTAssertEqual((error as? MarbleSyntaxError)?.position, 1)
        }
    }

    /// The message of a deliberately failing comparison: both timelines drawn, aligned, with a
    /// caret under the first difference.
    func testFailurePictureDrawsBothTimelinesAndTheFirstDifference() {
        let actual: [Recorded<Event<Int>>] = [.next(220, 10), .next(260, 20), .completed(290)]
        let failure = MarbleCheck.events(
            actual, marbles: "--x--y--|", values: ["x": 10, "y": 20], errors: [:], frame: 10, resolution: 1,
            subscribed: 200)
        XCTAssertEqual(
            failure?.split(separator: "\n").prefix(5).joined(separator: "\n"),
            """
            Recorded events differ (10 ticks per character, time zero 200):
              expected: --x--y--|
              actual:   --x---y--|
                             ^
              first difference at 250: expected next(20) at 250, actual next(20) at 260
            """)
    }

    /// An expected event at or after the time `start` disposed the subscription is missing for
    /// that reason, and the message says so.
    func testAnEventExpectedAfterTheDisposalNamesTheDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.never() }
        let failure = MarbleCheck.events(res.events, [Recorded<Event<Int>>.next(1200, 7)])
        XCTAssertTrue(
            failure?.contains("expected next(7) at 1200, actual nothing (subscription disposed at 1000)") == true,
            failure ?? "")
        let before = MarbleCheck.events(res.events, [Recorded<Event<Int>>.next(900, 7)])
        XCTAssertTrue(before?.contains("expected next(7) at 900, actual nothing\n") == true, before ?? "")
    }

    func testFailurePictureNamesUnknownValuesInALegend() {
        let failure = MarbleCheck.events(
            [Recorded<Event<Int>>.next(210, 42)], [Recorded<Event<Int>>.next(210, 7)])
        XCTAssertTrue(failure?.contains("expected: -7\n") == true, failure ?? "")
        XCTAssertTrue(failure?.contains("actual:   -A\n") == true, failure ?? "")
        XCTAssertTrue(failure?.contains("where A = 42") == true, failure ?? "")
    }

    func testSubscriptionFailurePicture() {
        let failure = MarbleCheck.subscriptions(
            [Subscription(200, 230)], marbles: ["^----!"], frame: 10, resolution: 1, subscribed: 200)
        XCTAssertTrue(failure?.contains("expected: ^----!") == true, failure ?? "")
        XCTAssertTrue(failure?.contains("actual:   ^--!") == true, failure ?? "")
    }

    func testMatchingEventsProduceNoFailure() {
        XCTAssertNil(
            MarbleCheck.events(
                [Recorded<Event<Int>>.next(210, 1), .completed(220)], marbles: "-a|", values: ["a": 1], errors: [:],
                frame: 10, resolution: 1, subscribed: 200))
    }
}
