import AsyncHTTPClient
import Foundation
import LiveFeedCore
import NIOCore

/// A client of the feed's event stream, as the tests and the load run use it: it reads
/// `GET /feed…` and hands each event to a closure until the closure says stop, the stream ends,
/// or the deadline passes. Returning from ``read(_:url:deadline:handle:)`` closes the connection
/// (the server then disposes that client's subscription).
public enum FeedClient {
    /// A client's connection could not be read as an event stream.
    public struct BadResponse: Error, CustomStringConvertible {
        /// The status the server answered with.
        public var status: UInt
        /// The body's first bytes.
        public var body: String
        /// The status and body.
        public var description: String { "HTTP \(status): \(body)" }

        /// A response with `status` and the start of `body`.
        public init(status: UInt, body: String) {
            self.status = status
            self.body = body
        }
    }

    /// Reads the event stream at `url`, calling `handle(event, data)` for each event; `handle`
    /// returns `false` to stop. Returns whether the stream ended by itself (the server completed
    /// it) rather than by `handle`.
    @discardableResult
    public static func read(
        _ http: HTTPClient, url: String, deadline: NIODeadline,
        handle: (_ event: String, _ data: String) throws -> Bool
    ) async throws -> Bool {
        let response = try await http.execute(HTTPClientRequest(url: url), deadline: deadline)
        guard response.status == .ok else {
            var body = try await response.body.collect(upTo: 4096)
            throw BadResponse(status: response.status.code, body: body.readString(length: body.readableBytes) ?? "")
        }
        var pending = ""
        for try await var chunk in response.body {
            let text = chunk.readString(length: chunk.readableBytes) ?? ""
            for (event, data) in ServerSentEvent.parse(text, pending: &pending) {
                if try !handle(event, data) { return false }
            }
        }
        return true
    }

    /// A reading event's data, decoded.
    public static func reading(_ data: String) throws -> Reading {
        try JSONDecoder().decode(Reading.self, from: Data(data.utf8))
    }

    /// A summary event's data, decoded.
    public static func summary(_ data: String) throws -> WindowSummary {
        try JSONDecoder().decode(WindowSummary.self, from: Data(data.utf8))
    }

    /// An HTTP client that opens as many connections to one server as `connections` clients need,
    /// on event loops of its own (not the server's, when both are in one process).
    ///
    /// It sets no read timeout: AsyncHTTPClient re-arms that timer on every read, and NIO cancels
    /// a timer by searching its loop's timers, so with a thousand streams on one loop each read
    /// would cost a thousand steps. A stream's end is the server's to say (or the deadline's).
    public static func makeHTTPClient(connections: Int, eventLoopGroup: any EventLoopGroup) -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: max(8, connections))
        configuration.timeout = .init(connect: .seconds(30), read: nil)
        return HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
    }
}
