import AsyncHTTPClient
import Foundation
import LiveFeedClient
import LiveFeedCore
import NIOCore
import RxSwift
import Synchronization
import XCTest

/// The feed served for real: Hummingbird on a free port, producer threads sending, clients of
/// AsyncHTTPClient connecting and going away in waves.
final class LiveFeedServerTests: XCTestCase {
    /// Waves of clients (LIVEFEED_CLIENTS, 1,000 by default, all connected at once; then each
    /// reads a few more readings and goes away), LIVEFEED_WAVES times (10): every client gets
    /// each producer's readings in order with none missing while it was connected; after every
    /// wave no client pipeline is left subscribed and `Resources.total` is back to where it was
    /// before the first; memory does not grow from wave to wave.
    func testWavesOfClientsGetEveryReadingInOrderAndLeaveNothingBehind() async throws {
        let clients = environmentNumber("LIVEFEED_CLIENTS", default: 1000)
        let waves = environmentNumber("LIVEFEED_WAVES", default: 10)
        let sensors = 8
        var resident: [Int] = []
        try await withServer(quietFeed(sensors: sensors, interval: .milliseconds(100)), connections: clients) {
            server, http in
            let baseline = Resources.total
            for wave in 1...waves {
                let started = ContinuousClock.now
                let connected = SharedCount()
                try await withThrowingTaskGroup(of: Void.self) { group in
                    // They arrive in batches of 100, each once the one before is connected (a
                    // thousand at one instant is a SYN flood, not a wave of users).
                    for index in 0..<clients {
                        if index > 0, index.isMultiple(of: 100) {
                            let arrived = await eventually(within: 60) { connected.value >= index }
                            XCTAssertTrue(
                                arrived, "wave \(wave): \(connected.value) of the first \(index) clients connected")
                        }
                        // Every tenth client takes every sensor; the others one sensor each.
                        let path = index % 10 == 0 ? "/feed" : "/feed?sensor=sensor-\(index % sensors)"
                        group.addTask {
                            try await Self.readInOrder(
                                http, url: server.url(path), wave: wave, client: index, connected: connected,
                                everyone: clients)
                        }
                    }
                    try await group.waitForAll()
                }
                let settled = await eventually(within: 10) {
                    server.feed.connectedClients == 0 && Resources.total == baseline
                }
                XCTAssertTrue(
                    settled,
                    "wave \(wave): \(server.feed.connectedClients) client pipelines left, Resources.total \(Resources.total) (was \(baseline))"
                )
                resident.append(residentBytes())
                print(
                    "wave \(wave): \(clients) clients in \(ContinuousClock.now - started), resident \(resident.last! >> 20) MiB, "
                        + "readings sent \(server.feed.readingsSent)")
            }
        }
        // Memory: the later waves stay within 16 MiB of the first three's peak (seen: 6 MiB at
        // most). A leak of 4 KiB per client would add 4 MB per wave, 28 MB over the seven.
        if waves >= 4 {
            let warm = resident[..<3].max()!
            let later = resident[3...].max()!
            XCTAssertLessThanOrEqual(
                later, warm + 16 << 20, "resident memory per wave: \(resident.map { $0 >> 20 }) MiB")
        }
    }

    /// One client of a wave: connects, waits until the whole wave is connected, reads three more
    /// readings of its sensor, checks each producer's numbers came in order with none missing.
    private static func readInOrder(
        _ http: HTTPClient, url: String, wave: Int, client: Int, connected: SharedCount, everyone: Int
    ) async throws {
        var last: [Int: Int] = [:]
        var counted = false
        var afterEveryone = 0
        var problem: String?
        try await FeedClient.read(http, url: url, deadline: .now() + .seconds(120)) { event, data in
            guard event == "reading" else { return true }
            let reading = try FeedClient.reading(data)
            if let previous = last[reading.producer], reading.sequence != previous + 1 {
                problem = "producer \(reading.producer): \(previous) then \(reading.sequence)"
                return false
            }
            last[reading.producer] = reading.sequence
            if !counted {
                counted = true
                connected.increment()
            }
            if connected.value == everyone { afterEveryone += 1 }
            return afterEveryone < 3
        }
        if let problem { XCTFail("wave \(wave), client \(client) (\(url)): \(problem)") }
        XCTAssertGreaterThanOrEqual(afterEveryone, 3, "wave \(wave), client \(client): the stream ended early")
    }

    /// The pipelines a request chooses, live: a sensor filter gets only its sensor, a throttle at
    /// most one reading per period (in order), a window summaries; a bad query gets 400 and
    /// the reason; `/stats` counts connected clients.
    func testEachRequestGetsThePipelineItAskedFor() async throws {
        try await withServer(quietFeed(sensors: 4, interval: .milliseconds(10)), connections: 8) { server, http in
            var sensors: [String] = []
            try await FeedClient.read(http, url: server.url("/feed?sensor=sensor-2"), deadline: .now() + .seconds(30)) {
                event, data in
                if event == "reading" { sensors.append(try FeedClient.reading(data).sensor) }
                return sensors.count < 40
            }
            XCTAssertEqual(Set(sensors), ["sensor-2"])

            var throttled: [Reading] = []
            try await FeedClient.read(
                http, url: server.url("/feed?sensor=sensor-1&throttle=100"), deadline: .now() + .seconds(30)
            ) {
                event, data in
                if event == "reading" { throttled.append(try FeedClient.reading(data)) }
                return throttled.count < 6
            }
            let sequences = throttled.map(\.sequence)
            XCTAssertEqual(sequences, sequences.sorted(), "in order")
            // 10 ms readings through a 100 ms throttle: after the first, about one in ten passes.
            let gaps = zip(sequences.dropFirst(2), sequences.dropFirst(1)).map { $0 - $1 }
            XCTAssertTrue(gaps.allSatisfy { $0 >= 5 }, "throttled gaps \(gaps)")

            var summaries: [WindowSummary] = []
            try await FeedClient.read(
                http, url: server.url("/feed?sensor=sensor-0&window=200"), deadline: .now() + .seconds(30)
            ) {
                event, data in
                if event == "summary" { summaries.append(try FeedClient.summary(data)) }
                return summaries.count < 4
            }
            // 10 ms readings in 200 ms windows: about 20 each (the first window starts mid-way).
            XCTAssertTrue(
                summaries.dropFirst().allSatisfy { (10...30).contains($0.count) }, "\(summaries.map(\.count))")
            XCTAssertTrue(summaries.allSatisfy { $0.count == 0 || ($0.min <= $0.mean && $0.mean <= $0.max) })

            for (query, reason) in [
                ("window=0", "window=0 is not a period"), ("throttle=x", "throttle=x is not a period"),
                ("colour=red", "unknown parameter 'colour'"), ("throttle=5&window=5", "do not combine"),
            ] {
                do {
                    try await FeedClient.read(http, url: server.url("/feed?\(query)"), deadline: .now() + .seconds(10))
                    { _, _ in false }
                    XCTFail("\(query) was served")
                } catch let error as FeedClient.BadResponse {
                    XCTAssertEqual(error.status, 400, query)
                    XCTAssertTrue(error.body.contains(reason), "\(query): \(error.body)")
                }
            }

            var page = try await http.execute(HTTPClientRequest(url: server.url("/")), deadline: .now() + .seconds(10))
                .body.collect(upTo: 1 << 20)
            XCTAssertTrue(page.readString(length: page.readableBytes)?.contains("new EventSource(") == true)
        }
    }

    /// Graceful shutdown completes every client's stream (the client sees the stream end, not a
    /// reset), and leaves no client pipeline subscribed.
    func testGracefulShutdownEndsEveryStream() async throws {
        let server = try await TestServer.start(feed: quietFeed(sensors: 2, interval: .milliseconds(10)))
        let http = FeedClient.makeHTTPClient(connections: 20, eventLoopGroup: clientEventLoops)
        let connected = SharedCount()
        let ended = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<20 {
                group.addTask {
                    var counted = false
                    return try await FeedClient.read(
                        http, url: server.url(index.isMultiple(of: 2) ? "/feed" : "/feed?window=50"),
                        deadline: .now() + .seconds(60)
                    ) { _, _ in
                        if !counted {
                            counted = true
                            connected.increment()
                        }
                        return true
                    }
                }
            }
            let all = await eventually(within: 30) { connected.value == 20 }
            XCTAssertTrue(all, "\(connected.value) of 20 clients connected")
            try await server.shutDown()
            var ended: [Bool] = []
            for try await end in group { ended.append(end) }
            return ended
        }
        XCTAssertEqual(ended, Array(repeating: true, count: 20))
        XCTAssertEqual(server.feed.connectedClients, 0)
        try await http.shutdown()
    }
}

/// Runs `body` with the feed's server started and a client for `connections` streams, then shuts
/// both down, whether `body` threw or not.
private func withServer(
    _ feed: Feed, connections: Int, _ body: (TestServer, HTTPClient) async throws -> Void
) async throws {
    let server = try await TestServer.start(feed: feed)
    let http = FeedClient.makeHTTPClient(connections: connections, eventLoopGroup: clientEventLoops)
    do {
        try await body(server, http)
    } catch {
        try? await http.shutdown()
        try? await server.shutDown()
        throw error
    }
    try await http.shutdown()
    try await server.shutDown()
}
