#if canImport(Testing)
import RxSwift
import Testing

// Swift Testing's counterparts of the XCTest assertions: each records an issue at the caller's
// source location, with the same drawn timelines, and returns whether the check passed.

/// Expects recorded events to be those the marble diagram `marbles` describes (see
/// `XCTAssertEqual(_:marbles:values:errors:frame:resolution:subscribed:file:line:)`).
///
/// ```swift
/// @Test func mapMultiplies() {
///     let scheduler = TestScheduler(initialClock: 0)
///     let xs = scheduler.createHotObservable("--a--b--|", values: ["a": 1, "b": 2])
///     let res = scheduler.start { xs.map { $0 * 10 } }
///     expectEvents(res.events, marbles: "--x--y--|", values: ["x": 10, "y": 20])
/// }
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
///   - sourceLocation: Where the issue is recorded (the caller's location by default).
@discardableResult
public func expectEvents<Element: Equatable>(
    _ events: [Recorded<Event<Element>>], marbles: String, values: [Character: Element] = [:],
    errors: [Character: Swift.Error] = [:], frame: TestTime = 10, resolution: Double = 1,
    subscribed: TestTime = TestScheduler.Defaults.subscribed, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    record(
        MarbleCheck.events(
            events, marbles: marbles, values: values, errors: errors, frame: frame, resolution: resolution,
            subscribed: subscribed),
        at: sourceLocation)
}

/// Expects two recorded event arrays to be equal, drawing both on failure.
///
/// - Parameters:
///   - events: The recorded events.
///   - expected: The expected events.
///   - sourceLocation: Where the issue is recorded (the caller's location by default).
@discardableResult
public func expectEvents<Element: Equatable>(
    _ events: [Recorded<Event<Element>>], _ expected: [Recorded<Event<Element>>],
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    record(MarbleCheck.events(events, expected), at: sourceLocation)
}

/// Expects a test sequence's subscriptions to be those the subscription diagrams describe.
///
/// - Parameters:
///   - subscriptions: The recorded subscriptions.
///   - marbles: The marble diagram (see <doc:MarbleTesting>).
///   - frame: How many virtual ticks one character of the diagram lasts.
///   - resolution: How many seconds one tick stands for (the scheduler's), for time progressions
///     such as `20ms`.
///   - subscribed: The virtual time of the subscription: time zero of the diagram.
///   - sourceLocation: Where the issue is recorded (the caller's location by default).
@discardableResult
public func expectSubscriptions(
    _ subscriptions: [Subscription], marbles: String..., frame: TestTime = 10, resolution: Double = 1,
    subscribed: TestTime = TestScheduler.Defaults.subscribed, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    record(
        MarbleCheck.subscriptions(
            subscriptions, marbles: marbles, frame: frame, resolution: resolution, subscribed: subscribed),
        at: sourceLocation)
}

/// Expects a higher-order sequence's events (``TestScheduler/startRecordingInner(created:subscribed:disposed:create:)``)
/// to be those the diagram describes, each of its symbols an inner sequence drawn in `inner` with
/// times counted from its emission.
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
///   - sourceLocation: Where the issue is recorded (the caller's location by default).
@discardableResult
public func expectEvents<Element: Equatable>(
    _ events: [Recorded<Event<[Recorded<Event<Element>>]>>], marbles: String, inner: [Character: String],
    values: [Character: Element] = [:], errors: [Character: Swift.Error] = [:], frame: TestTime = 10,
    resolution: Double = 1, subscribed: TestTime = TestScheduler.Defaults.subscribed,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    do {
        let innerEvents = try innerValues(inner, values: values, errors: errors, frame: frame, resolution: resolution)
        return record(
            MarbleCheck.events(
                events, marbles: marbles, values: innerEvents, errors: errors, frame: frame, resolution: resolution,
                subscribed: subscribed),
            at: sourceLocation)
    } catch {
        return record("\(error)", at: sourceLocation)
    }
}

private func record(_ failure: String?, at sourceLocation: SourceLocation) -> Bool {
    guard let failure else { return true }
    recordIssue(failure, at: sourceLocation)
    return false
}

/// Where RxTest's Swift Testing failures go: `Issue.record`, unless the running task has bound
/// another recorder (RxTest's own tests check the messages that way, without recording known
/// issues; a task-local, so tests running in parallel do not see each other's).
enum IssueRecorder {
    @TaskLocal static var override: (@Sendable (String, SourceLocation) -> Void)?
}

/// Records `message` as an issue of the running Swift Testing test (see `IssueRecorder`).
func recordIssue(_ message: String, at sourceLocation: SourceLocation) {
    if let override = IssueRecorder.override { return override(message, sourceLocation) }
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}
#endif
