import Foundation
import Hummingbird
import LiveFeedCore
import Logging
import ServiceLifecycle

// The live feed server: `swift run LiveFeed [--port 8080] [--sensors 4] [--interval-ms 100]`,
// then open http://127.0.0.1:8080/ (or /feed?sensor=sensor-1&throttle=500, /feed?window=1000).
// SIGINT or SIGTERM shuts it down gracefully: the feed completes, every client's stream ends,
// then the server stops.

func option(_ name: String, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return value }
    guard let number = Int(arguments[index + 1]), number >= 0 else {
        fatalError("\(name) takes a whole number, not '\(arguments[index + 1])'")
    }
    return number
}

LoggingSystem.bootstrap(StreamLogHandler.standardError)
var logger = Logger(label: "LiveFeed")
logger.logLevel = .info

let port = option("--port", default: 8080)
let feed = Feed(
    sensors: max(1, option("--sensors", default: 4)),
    interval: .milliseconds(max(1, option("--interval-ms", default: 100))),
    logger: logger)
let app = Application(
    router: FeedServer.router(feed: feed),
    configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "OpenRx LiveFeed"),
    onServerRunning: { channel in
        // Written at once (not through print's buffer): a parent process reads the port from it.
        FileHandle.standardOutput.write(
            Data("LiveFeed listening on http://127.0.0.1:\(channel.localAddress?.port ?? port)/\n".utf8))
    },
    logger: logger)
let services = ServiceGroup(
    configuration: .init(
        services: [.init(service: app), .init(service: FeedService(feed))],
        gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
try await services.run()
