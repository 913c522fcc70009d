import Foundation
import RxSwift
import Testing

/// A Swift Testing trait that records the test's traced chains (`RxTrace`, from a fresh
/// recording) and attaches the recording to the test: its text marbles (`rx-trace.txt`) and its
/// page for a browser (`rx-trace.html`). Attachments are kept where the test run is told to keep
/// them (`swift test --attachments-path DIR`), so a failing test's streams can be looked at after
/// the run: `@Test(.recordingStreams)`.
///
/// The recording is the process's, so tests with this trait take turns: in a suite that runs its
/// tests in parallel (Swift Testing's default), one with the trait waits until no other test with
/// it is running, and each test's attachment holds its own chains only. Tests without the trait
/// still run beside it; a chain such a test traces meanwhile is recorded too. With `everything`,
/// every subscription made while the test runs is recorded, traced or not.
public struct RecordingStreamsTrait: TestTrait, SuiteTrait, TestScoping {
    /// Whether every subscription is recorded (`RxTrace.isEnabled`), not only the
    /// chains the test traces.
    public let everything: Bool

    /// Applied to each test of a suite it is attached to.
    public var isRecursive: Bool { true }

    /// Runs `function` with a fresh recording, then attaches what was recorded (nothing when
    /// nothing was).
    ///
    /// - Parameters:
    ///   - test: The test (or suite) the trait applies to.
    ///   - testCase: The test's case; `nil` for a suite.
    ///   - function: The test's body.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's own scope: its tests take their turns one by one.
        guard testCase != nil else { return try await function() }
        await RecordingTurns.shared.take()
        do {
            try await record(test, function)
        } catch {
            await RecordingTurns.shared.give()
            throw error
        }
        await RecordingTurns.shared.give()
    }

    private func record(_ test: Test, _ function: @Sendable () async throws -> Void) async throws {
        RxTrace.reset()
        RxTrace.isEnabled = everything
        defer {
            RxTrace.isEnabled = false
            let recording = RxTrace.recording()
            if !recording.stages.isEmpty {
                Attachment.record(recording.marbles(), named: "rx-trace.txt", sourceLocation: test.sourceLocation)
                Attachment.record(
                    recording.html(title: "\(test.name) — OpenRx trace"), named: "rx-trace.html",
                    sourceLocation: test.sourceLocation)
            }
            RxTrace.reset()
        }
        try await function()
    }
}

/// Whose turn it is to record: one test with the trait at a time, the others waiting in order.
private actor RecordingTurns {
    static let shared = RecordingTurns()
    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
        guard taken else {
            taken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
        if waiting.isEmpty {
            taken = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}

extension Trait where Self == RecordingStreamsTrait {
    /// Records the test's traced chains and attaches the recording (see ``RecordingStreamsTrait``).
    public static var recordingStreams: Self { RecordingStreamsTrait(everything: false) }

    /// Records every subscription the test makes, and attaches the recording.
    ///
    /// - Parameter everything: Whether every subscription is recorded, not only traced chains.
    public static func recordingStreams(everything: Bool) -> Self { RecordingStreamsTrait(everything: everything) }
}
