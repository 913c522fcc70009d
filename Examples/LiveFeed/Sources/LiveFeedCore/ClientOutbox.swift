import Synchronization

/// What one client's pipeline has sent and its connection has not written yet: the events' text,
/// appended on whatever thread the pipeline delivers on, and taken by the writing task all at
/// once (one write for everything that arrived since the last one, so a busy server writes fewer,
/// larger chunks instead of falling behind).
///
/// At most ``limit`` bytes wait: more ends the stream, marked overflowed (nothing is
/// dropped silently; the client is told, and may reconnect).
final class ClientOutbox: Sendable {
    /// What ``next()`` hands the writer.
    enum Batch: Equatable {
        /// Text to write.
        case text(String)
        /// The pipeline completed (or the client fell too far behind: `overflowed`).
        case end(overflowed: Bool)
    }

    private struct State {
        var pending = ""
        var ended = false
        var overflowed = false
        var waiter: CheckedContinuation<Batch, Never>?
    }

    /// The most bytes that may wait.
    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = limit
    }

    /// Appends an event's text (from the pipeline's thread).
    func append(_ text: String) {
        let resume = state.withLock { state -> (CheckedContinuation<Batch, Never>, Batch)? in
            guard !state.ended else { return nil }
            if state.pending.utf8.count + text.utf8.count > limit {
                state.ended = true
                state.overflowed = true
                state.pending = ""
            } else {
                state.pending += text
            }
            return Self.handOver(&state)
        }
        if let (waiter, batch) = resume { waiter.resume(returning: batch) }
    }

    /// Ends the stream after what is pending (the pipeline completed, failed or was disposed).
    func finish() {
        let resume = state.withLock { state -> (CheckedContinuation<Batch, Never>, Batch)? in
            guard !state.ended else { return nil }
            state.ended = true
            return Self.handOver(&state)
        }
        if let (waiter, batch) = resume { waiter.resume(returning: batch) }
    }

    /// Waits for text or the end (returns at once if there is some). A cancelled task gets the
    /// end.
    func next() async -> Batch {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Batch, Never>) in
                let ready = state.withLock { state -> Batch? in
                    if let batch = Self.take(&state) { return batch }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            finish()
        }
    }

    /// The waiting writer and what to hand it, if it waits and there is something.
    private static func handOver(_ state: inout State) -> (CheckedContinuation<Batch, Never>, Batch)? {
        guard let waiter = state.waiter, let batch = take(&state) else { return nil }
        state.waiter = nil
        return (waiter, batch)
    }

    private static func take(_ state: inout State) -> Batch? {
        if state.overflowed { return .end(overflowed: true) }
        if !state.pending.isEmpty {
            defer { state.pending = "" }
            return .text(state.pending)
        }
        return state.ended ? .end(overflowed: false) : nil
    }
}
