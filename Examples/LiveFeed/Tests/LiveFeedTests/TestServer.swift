import Foundation
import Hummingbird
import LiveFeedCore
import Logging
import NIOPosix
import ServiceLifecycle
import Synchronization

/// The feed's server started by a test on a free port of 127.0.0.1, in a `ServiceGroup` as
/// `LiveFeed` runs it; ``shutDown()`` shuts it down gracefully and waits for it.
final class TestServer: Sendable {
    let feed: Feed
    let port: Int
    private let group: ServiceGroup
    private let running: Task<Void, Swift.Error>

    static func start(feed: Feed, heartbeat: Duration = .seconds(5)) async throws -> TestServer {
        var logger = Logger(label: "LiveFeedTests")
        logger.logLevel = .warning
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: FeedServer.router(feed: feed, heartbeat: .milliseconds(Int(heartbeat / .milliseconds(1)))),
            configuration: .init(address: .hostname("127.0.0.1", port: 0), backlog: 4096),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger)
        let group = ServiceGroup(
            configuration: .init(services: [.init(service: app), .init(service: FeedService(feed))], logger: logger))
        let running = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            running.cancel()
            throw CancellationError()
        }
        return TestServer(feed: feed, port: port, group: group, running: running)
    }

    private init(feed: Feed, port: Int, group: ServiceGroup, running: Task<Void, Swift.Error>) {
        self.feed = feed
        self.port = port
        self.group = group
        self.running = running
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Graceful shutdown: the feed completes (every stream ends), then the server stops.
    func shutDown() async throws {
        await group.triggerGracefulShutdown()
        try await running.value
    }
}

/// Polls `condition` every 10 ms until it holds or `seconds` pass; returns whether it held. For
/// what a real server settles to after its clients go away (it notices at its next write).
func eventually(within seconds: Double, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

/// This process's resident memory, in bytes (Linux: /proc/self/statm).
func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

func environmentNumber(_ name: String, default value: Int) -> Int {
    ProcessInfo.processInfo.environment[name].flatMap(Int.init) ?? value
}

/// A count shared by a test's client tasks.
final class SharedCount: Sendable {
    private let count = Atomic<Int>(0)
    func increment() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// A feed whose log says only warnings (the tests start and stop many).
func quietFeed(sensors: Int, interval: Duration) -> Feed {
    var logger = Logger(label: "LiveFeedTests.Feed")
    logger.logLevel = .warning
    return Feed(sensors: sensors, interval: interval, logger: logger)
}

/// The clients' event loops: apart from the server's (Hummingbird's singleton group), as they
/// would be on another machine.
let clientEventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 2)
