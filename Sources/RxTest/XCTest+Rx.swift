import RxSwift
import XCTest

/// Asserts that two event arrays are equal, printing both on failure.
///
/// - Parameters:
///   - lhs: The value on the left.
///   - rhs: The value on the right.
///   - file: The file of the call, for messages (the caller's by default).
///   - line: The line of the call, for messages (the caller's by default).
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Event<Element>], _ rhs: [Event<Element>], file: StaticString = #filePath, line: UInt = #line
) {
    if lhs == rhs { return }
    XCTFail("Events differ:\n  actual:   \(lhs)\n  expected: \(rhs)", file: file, line: line)
}

/// Asserts that two arrays of `Single` events are equal (errors compared as for `Event`),
/// printing both on failure.
///
/// - Parameters:
///   - lhs: The value on the left.
///   - rhs: The value on the right.
///   - file: The file of the call, for messages (the caller's by default).
///   - line: The line of the call, for messages (the caller's by default).
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [SingleEvent<Element>], _ rhs: [SingleEvent<Element>], file: StaticString = #filePath, line: UInt = #line
) {
    if lhs.count == rhs.count && zip(lhs, rhs).allSatisfy({ singleEventsMatch($0, $1) }) { return }
    XCTFail("Events differ:\n  actual:   \(lhs)\n  expected: \(rhs)", file: file, line: line)
}

/// Asserts that two arrays of `Maybe` events are equal, printing both on failure.
///
/// - Parameters:
///   - lhs: The value on the left.
///   - rhs: The value on the right.
///   - file: The file of the call, for messages (the caller's by default).
///   - line: The line of the call, for messages (the caller's by default).
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [MaybeEvent<Element>], _ rhs: [MaybeEvent<Element>], file: StaticString = #filePath, line: UInt = #line
) {
    if lhs == rhs { return }
    XCTFail("Events differ:\n  actual:   \(lhs)\n  expected: \(rhs)", file: file, line: line)
}

/// Asserts that two arrays of `Completable` events are equal, printing both on failure.
///
/// - Parameters:
///   - lhs: The value on the left.
///   - rhs: The value on the right.
///   - file: The file of the call, for messages (the caller's by default).
///   - line: The line of the call, for messages (the caller's by default).
public func XCTAssertEqual(
    _ lhs: [CompletableEvent], _ rhs: [CompletableEvent], file: StaticString = #filePath, line: UInt = #line
) {
    if lhs == rhs { return }
    XCTFail("Events differ:\n  actual:   \(lhs)\n  expected: \(rhs)", file: file, line: line)
}

/// Asserts that two recorded event arrays are equal (same events at the same times). On failure
/// the message draws both as marble timelines with a caret under the first difference.
///
/// - Parameters:
///   - lhs: The value on the left.
///   - rhs: The value on the right.
///   - file: The file of the call, for messages (the caller's by default).
///   - line: The line of the call, for messages (the caller's by default).
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Recorded<Event<Element>>], _ rhs: [Recorded<Event<Element>>], file: StaticString = #filePath,
    line: UInt = #line
) {
    guard let failure = MarbleCheck.events(lhs, rhs) else { return }
    XCTFail(failure, file: file, line: line)
}

/// Asserts that two recorded event arrays of optionals are equal.
///
/// - Parameters:
///   - lhs: The value on the left.
///   - rhs: The value on the right.
///   - file: The file of the call, for messages (the caller's by default).
///   - line: The line of the call, for messages (the caller's by default).
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Recorded<Event<Element?>>], _ rhs: [Recorded<Event<Element?>>], file: StaticString = #filePath,
    line: UInt = #line
) {
    if lhs == rhs { return }
    XCTFail("Recorded events differ:\n  actual:   \(lhs)\n  expected: \(rhs)", file: file, line: line)
}

/// Asserts that the elements of the recorded `next` events are `elements`, ignoring times and
/// requiring no error among them.
///
/// - Parameters:
///   - stream: The recorded events.
///   - elements: The expected elements, in order.
///   - file: The file of the call, for messages (the caller's by default).
///   - line: The line of the call, for messages (the caller's by default).
public func XCTAssertRecordedElements<Element: Equatable>(
    _ stream: [Recorded<Event<Element>>], _ elements: [Element], file: StaticString = #filePath, line: UInt = #line
) {
    var recorded: [Element] = []
    for event in stream {
        switch event.value {
        case .next(let element): recorded.append(element)
        case .error(let error):
            XCTFail("Unexpected error \(error) at \(event.time)", file: file, line: line)
            return
        case .completed: break
        }
    }
    XCTAssertEqual(recorded, elements, file: file, line: line)
}

/// Asserts that recorded events are those the marble diagram `marbles` describes (RxTest's
/// documentation has the grammar): time zero is `subscribed` (at `^`, or at the first
/// character) and each character is `frame` ticks. On failure the message draws the expected
/// and actual timelines with a caret under the first difference; a malformed diagram fails with
/// a caret under the offending character.
///
/// ```swift
/// let res = scheduler.start { xs.map { $0 * 10 } }
/// XCTAssertEqual(res.events, marbles: "--x--y--|", values: ["x": 10, "y": 20])
/// ```
///
/// - Parameters:
///   - events: The recorded events.
///   - marbles: The marble diagram (see <doc:MarbleTesting>).
///   - values: The elements the diagram's symbols stand for.
///   - errors: The errors the diagram's symbols stand for.
///   - frame: How many virtual ticks one character of the diagram lasts.
///   - resolution: How many seconds one tick stands for (the scheduler's), for time progressions
///     such as `20ms`.
///   - subscribed: The virtual time of the subscription: time zero of the diagram.
///   - file: The file of the call, for messages (the caller's by default).
///   - line: The line of the call, for messages (the caller's by default).
public func XCTAssertEqual<Element: Equatable>(
    _ events: [Recorded<Event<Element>>], marbles: String, values: [Character: Element] = [:],
    errors: [Character: Swift.Error] = [:], frame: TestTime = 10, resolution: Double = 1,
    subscribed: TestTime = TestScheduler.Defaults.subscribed, file: StaticString = #filePath, line: UInt = #line
) {
    guard
        let failure = MarbleCheck.events(
            events, marbles: marbles, values: values, errors: errors, frame: frame, resolution: resolution,
            subscribed: subscribed)
    else { return }
    XCTFail(failure, file: file, line: line)
}

/// Asserts that a test sequence's subscriptions are those the subscription diagrams describe,
/// one subscription per `^` … `!` (no `!`: still active); time zero is `subscribed` at the first
/// character.
///
/// ```swift
/// XCTAssertEqual(xs.subscriptions, marbles: "^-----!")  // [Subscription(200, 260)]
/// ```
///
/// - Parameters:
///   - subscriptions: The recorded subscriptions.
///   - marbles: The marble diagram (see <doc:MarbleTesting>).
///   - frame: How many virtual ticks one character of the diagram lasts.
///   - resolution: How many seconds one tick stands for (the scheduler's), for time progressions
///     such as `20ms`.
///   - subscribed: The virtual time of the subscription: time zero of the diagram.
///   - file: The file of the call, for messages (the caller's by default).
///   - line: The line of the call, for messages (the caller's by default).
public func XCTAssertEqual(
    _ subscriptions: [Subscription], marbles: String..., frame: TestTime = 10, resolution: Double = 1,
    subscribed: TestTime = TestScheduler.Defaults.subscribed, file: StaticString = #filePath, line: UInt = #line
) {
    guard
        let failure = MarbleCheck.subscriptions(
            subscriptions, marbles: marbles, frame: frame, resolution: resolution, subscribed: subscribed)
    else { return }
    XCTFail(failure, file: file, line: line)
}

/// Asserts that a higher-order sequence's events (``TestScheduler/startRecordingInner(created:subscribed:disposed:create:)``)
/// are those the diagram describes, each of its symbols an inner sequence drawn in `inner` with
/// times counted from its emission, as RxJS's higher-order marbles.
///
/// ```swift
/// XCTAssertEqual(res, marbles: "a--b---|", inner: ["a": "-x-(y|)", "b": "--z-|"], values: ["x": 1, "y": 2, "z": 3])
/// ```
///
/// - Parameters:
///   - events: The recorded outer events, each element an inner sequence's events.
///   - marbles: The outer marble diagram (see <doc:MarbleTesting>).
///   - inner: Each outer symbol's inner diagram, its time zero the emission.
///   - values: The elements the inner diagrams' symbols stand for.
///   - errors: The errors the diagrams' symbols stand for.
///   - frame: How many virtual ticks one character of the diagrams lasts.
///   - resolution: How many seconds one tick stands for (the scheduler's), for time progressions
///     such as `20ms`.
///   - subscribed: The virtual time of the subscription: time zero of the outer diagram.
///   - file: The file of the call, for messages (the caller's by default).
///   - line: The line of the call, for messages (the caller's by default).
public func XCTAssertEqual<Element: Equatable>(
    _ events: [Recorded<Event<[Recorded<Event<Element>>]>>], marbles: String, inner: [Character: String],
    values: [Character: Element] = [:], errors: [Character: Swift.Error] = [:], frame: TestTime = 10,
    resolution: Double = 1, subscribed: TestTime = TestScheduler.Defaults.subscribed,
    file: StaticString = #filePath, line: UInt = #line
) {
    let failure: String?
    do {
        let innerEvents = try innerValues(inner, values: values, errors: errors, frame: frame, resolution: resolution)
        failure = MarbleCheck.events(
            events, marbles: marbles, values: innerEvents, errors: errors, frame: frame, resolution: resolution,
            subscribed: subscribed)
    } catch {
        failure = "\(error)"
    }
    if let failure { XCTFail(failure, file: file, line: line) }
}
