import Foundation

/// The feed's events in the Server-Sent Events format: `event:` and `data:` lines and an empty
/// line after them (the browser's `EventSource` reads them).
public enum ServerSentEvent {
    /// A reading as an `event: reading` whose data is its JSON.
    public static func reading(_ reading: Reading) -> String {
        "event: reading\ndata: {\"sensor\":\"\(reading.sensor)\",\"producer\":\(reading.producer),"
            + "\"sequence\":\(reading.sequence),\"value\":\(reading.value),\"sentAt\":\(reading.sentAt)}\n\n"
    }

    /// A window's summary as an `event: summary` whose data is its JSON.
    public static func summary(_ summary: WindowSummary) -> String {
        "event: summary\ndata: {\"count\":\(summary.count),\"mean\":\(summary.mean),"
            + "\"min\":\(summary.min),\"max\":\(summary.max)}\n\n"
    }

    /// A comment line, which `EventSource` ignores: sent while nothing else is, so that a client
    /// that went away is noticed (its write fails) even on a quiet stream.
    public static let heartbeat = ": heartbeat\n\n"

    /// The event that ends a stream whose client fell too far behind.
    public static let overflow = "event: overflow\ndata: the client fell behind by more than the server keeps\n\n"

    /// Splits a stream's text into events, as a client reads it: the `event:` name (`message`
    /// when there is none) and the `data:` lines joined; comments are skipped. `pending` keeps
    /// an unfinished event's text between chunks.
    public static func parse(_ chunk: String, pending: inout String) -> [(event: String, data: String)] {
        pending += chunk
        var events: [(event: String, data: String)] = []
        // One pass over the text (a chunk can hold thousands of events when a client is behind).
        var start = pending.startIndex
        defer { pending = String(pending[start...]) }
        while let end = pending[start...].range(of: "\n\n") {
            let block = pending[start..<end.lowerBound]
            start = end.upperBound
            var name = "message"
            var data: [Substring] = []
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("event: ") {
                    name = String(line.dropFirst(7))
                } else if line.hasPrefix("data: ") {
                    data.append(line.dropFirst(6))
                }
            }
            if !data.isEmpty { events.append((name, data.joined(separator: "\n"))) }
        }
        return events
    }
}
