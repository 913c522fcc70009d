import Foundation
import Testing

@testable import RxTest

/// The messages RxTest would record as Swift Testing issues while `body` runs, captured instead of
/// recorded (so that checking a failure message leaves no "known issue" in the test run's output).
final class CapturedIssues: @unchecked Sendable {
    // @unchecked Sendable: `messages` is read and written only under `lock`.
    private let lock = NSLock()
    private var messages: [String] = []

    private func add(_ message: String) { lock.withLock { messages.append(message) } }

    /// The messages captured so far.
    var all: [String] { lock.withLock { messages } }

    /// Runs `body`, capturing what it records.
    static func during(_ body: () throws -> Void) rethrows -> [String] {
        let captured = CapturedIssues()
        try IssueRecorder.$override.withValue({ message, _ in captured.add(message) }) { try body() }
        return captured.all
    }

    /// Runs `body`, capturing what it records.
    static func during(_ body: () async throws -> Void) async rethrows -> [String] {
        let captured = CapturedIssues()
        try await IssueRecorder.$override.withValue({ message, _ in captured.add(message) }) { try await body() }
        return captured.all
    }
}
