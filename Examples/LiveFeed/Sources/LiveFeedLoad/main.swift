import AsyncHTTPClient
import Foundation
import LiveFeedClient
import LiveFeedCore
import NIOCore
import NIOPosix
import Synchronization

// The feed's load run: starts the LiveFeed server (the executable built beside this one) as a
// process of its own, connects 10, 100 and 1,000 clients to it (each takes every reading), and
// measures for each count: readings delivered per second (all clients together), the latency
// from a producer's send to a client's receipt (p50, p99; both ends read the same monotonic
// clock), the server's resident memory per connected client, and the client pipelines the
// server still counts once every client has gone. `bash Benchmarks/livefeed.sh` runs it in a
// release build and writes Benchmarks/livefeed-latest.txt.
//
//   LiveFeedLoad [--clients 10,100,1000] [--seconds 10] [--sensors 4] [--interval-ms 100]

func argument(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

let clientCounts = (argument("--clients") ?? "10,100,1000").split(separator: ",").compactMap { Int($0) }
let seconds = Int(argument("--seconds") ?? "10") ?? 10
let sensors = Int(argument("--sensors") ?? "4") ?? 4
let intervalMilliseconds = Int(argument("--interval-ms") ?? "100") ?? 100

/// The server, as a child process on a port it chose.
struct ServerProcess {
    let process: Process
    let port: Int

    static func start() throws -> ServerProcess {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("LiveFeed")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--port", "0", "--sensors", "\(sensors)", "--interval-ms", "\(intervalMilliseconds)"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Its first line is "LiveFeed listening on http://127.0.0.1:PORT/".
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line += byte
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let portText = text.split(separator: ":").last?.split(separator: "/").first, let port = Int(portText)
        else { throw FeedClient.BadResponse(status: 0, body: "the server said '\(text)'") }
        return ServerProcess(process: process, port: port)
    }

    /// Its resident memory in bytes.
    var residentBytes: Int {
        guard let statm = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/statm", encoding: .utf8)
        else { return 0 }
        let fields = statm.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }
}

/// What the clients of one run measured.
final class Measurements: Sendable {
    private let state = Mutex<(latencies: [UInt64], counting: Bool, connected: Int)>(([], false, 0))

    func connected() { state.withLock { $0.connected += 1 } }
    var connectedCount: Int { state.withLock { $0.connected } }
    func start() { state.withLock { $0.counting = true } }
    /// Ends the measured span: the clients keep no latency after it.
    func stop() { state.withLock { $0.counting = false } }
    /// Every latency the clients kept (read once they have all handed theirs in).
    var latencies: [UInt64] { state.withLock { $0.latencies } }
    func record(_ latencies: [UInt64]) {
        state.withLock { $0.latencies += latencies }
    }
    var counting: Bool { state.withLock { $0.counting } }
}

func stats(_ http: HTTPClient, port: Int) async throws -> String {
    var body = try await http.execute(
        HTTPClientRequest(url: "http://127.0.0.1:\(port)/stats"), deadline: .now() + .seconds(10)
    )
    .body.collect(upTo: 4096)
    return body.readString(length: body.readableBytes) ?? ""
}

/// The `sentAt` number of a reading's JSON.
func sentAt(_ json: String) -> UInt64? {
    guard let range = json.range(of: "\"sentAt\":") else { return nil }
    return UInt64(json[range.upperBound...].prefix { $0.isNumber })
}

func clientCount(inStats text: String) -> Int {
    guard let range = text.range(of: "\"clients\":") else { return -1 }
    return Int(text[range.upperBound...].prefix { $0.isNumber }) ?? -1
}

/// Prints a line at once (the output may be a pipe, and the run may be stopped).
func printNow(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func run() async throws {
    let server = try ServerProcess.start()
    let loops = MultiThreadedEventLoopGroup(numberOfThreads: 2)
    let http = FeedClient.makeHTTPClient(connections: (clientCounts.max() ?? 10) + 8, eventLoopGroup: loops)
    printNow(
        "LiveFeed load run: \(sensors) sensors, a reading every \(intervalMilliseconds) ms each (\(sensors * 1000 / intervalMilliseconds) readings/s), every client takes every reading, \(seconds) s per count, \(ProcessInfo.processInfo.activeProcessorCount) cores"
    )
    printNow(
        "| clients | readings/s delivered | of those sent | p50 latency | p99 latency | server memory per client | client pipelines left after disconnect |"
    )
    printNow("|---:|---:|---:|---:|---:|---:|---:|")
    for clients in clientCounts {
        try await Task.sleep(for: .seconds(1))
        let baseline = server.residentBytes
        let measurements = Measurements()
        let readers = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<clients {
                    if index > 0, index.isMultiple(of: 100) {
                        while measurements.connectedCount < index { try await Task.sleep(for: .milliseconds(10)) }
                    }
                    group.addTask {
                        var first = true
                        var latencies: [UInt64] = []
                        latencies.reserveCapacity(256)
                        do {
                            try await FeedClient.read(
                                http, url: "http://127.0.0.1:\(server.port)/feed", deadline: .now() + .seconds(3600)
                            ) { event, data in
                                guard event == "reading" else { return true }
                                let now = monotonicNanoseconds()
                                // Only the send time is read (a JSON decoder per event would make the load
                                // client, not the server, the bottleneck).
                                guard let sentAt = sentAt(data) else {
                                    throw FeedClient.BadResponse(status: 200, body: data)
                                }
                                if first {
                                    first = false
                                    measurements.connected()
                                } else if measurements.counting {
                                    latencies.append(now &- sentAt)
                                    if latencies.count == 256 {
                                        measurements.record(latencies)
                                        latencies.removeAll(keepingCapacity: true)
                                    }
                                }
                                return !Task.isCancelled
                            }
                        } catch is CancellationError {}
                        measurements.record(latencies)
                    }
                }
                try await group.waitForAll()
            }
        }
        while measurements.connectedCount < clients { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .seconds(1))
        let connectedMemory = server.residentBytes
        measurements.start()
        let started = ContinuousClock.now
        try await Task.sleep(for: .seconds(seconds))
        measurements.stop()
        let elapsed = (ContinuousClock.now - started) / .seconds(1)
        readers.cancel()
        _ = try? await readers.value
        var latencies = measurements.latencies
        var left = -1
        for _ in 0..<500 {
            left = clientCount(inStats: try await stats(http, port: server.port))
            if left == 0 { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        latencies.sort()
        func percentile(_ p: Double) -> String {
            guard !latencies.isEmpty else { return "–" }
            let nanoseconds = Double(latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))])
            return nanoseconds >= 1e6
                ? String(format: "%.1f ms", nanoseconds / 1e6) : String(format: "%.0f µs", nanoseconds / 1e3)
        }
        let delivered = Double(latencies.count) / elapsed
        let expected = Double(clients * sensors * 1000 / intervalMilliseconds)
        let perClient = Double(connectedMemory - baseline) / Double(clients) / 1024
        printNow(
            "| \(clients) | \(String(format: "%.0f", delivered)) | \(String(format: "%.0f%%", 100 * delivered / expected)) | \(percentile(0.5)) | \(percentile(0.99)) | \(String(format: "%.1f KiB", perClient)) | \(left) |"
        )
    }
    try await http.shutdown()
    try await loops.shutdownGracefully()
    server.process.interrupt()
    server.process.waitUntilExit()
}

try await run()
