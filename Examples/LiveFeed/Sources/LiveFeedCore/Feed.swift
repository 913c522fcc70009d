import Foundation
import Logging
import RxSwift
import Synchronization

/// The live feed: producer threads send sensor readings into one subject, and every client
/// subscribes to one shared sequence of them.
///
/// Each producer is a thread of its own (the contention a server makes: several threads sending
/// into one sequence while event-loop threads subscribe and dispose). ``readings`` is the subject
/// behind `share(replay: 1)`: while any client is connected it holds one subscription to the
/// subject, and a new client gets the latest reading at once.
public final class Feed: Sendable {
    /// The number of sensors (and producer threads).
    public let sensors: Int
    /// The time between two readings of one producer.
    public let interval: Duration

    private let subject = PublishSubject<Reading>()
    private let shared: SharedReadings
    private let state = Mutex(FeedState())
    private let clients = Atomic<Int>(0)
    private let sent = Atomic<Int>(0)
    private let logger: Logger

    /// Creates a feed of `sensors` sensors, each read every `interval` once ``start()`` is called.
    public init(sensors: Int, interval: Duration, logger: Logger = Logger(label: "LiveFeed.Feed")) {
        precondition(sensors > 0, "a feed needs at least one sensor")
        self.sensors = sensors
        self.interval = interval
        self.logger = logger
        shared = SharedReadings(subject.share(replay: 1))
    }

    /// Every reading, shared by all clients (the latest one replayed to a new client); completes
    /// when the feed stops.
    public var readings: Observable<Reading> { shared.sequence }

    /// The number of client pipelines subscribed now (``clientPipeline(_:)`` counts them).
    public var connectedClients: Int { clients.load(ordering: .relaxed) }

    /// The number of readings the producers have sent.
    public var readingsSent: Int { sent.load(ordering: .relaxed) }

    /// `sequence` counted as a connected client from its subscription to its disposal.
    public func clientPipeline<Element>(_ sequence: Observable<Element>) -> Observable<Element> {
        sequence.do(
            onSubscribe: { [self] in clients.add(1, ordering: .relaxed) },
            onDispose: { [self] in clients.subtract(1, ordering: .relaxed) })
    }

    /// Starts one producer thread per sensor. Each sends a reading every ``interval`` until
    /// ``stop()``.
    public func start() {
        let threads = state.withLock { state -> Int in
            guard !state.started else { return 0 }
            state.started = true
            return sensors
        }
        for producer in 0..<threads {
            let thread = Thread { [self] in produce(producer) }
            thread.name = "producer-\(producer)"
            thread.start()
        }
        if threads > 0 { logger.info("feed started", metadata: ["sensors": "\(sensors)", "interval": "\(interval)"]) }
    }

    /// Stops the producers, waits for each to send its last reading, then completes the feed:
    /// every client's stream ends.
    public func stop() async {
        let running = state.withLock { state -> Bool in
            defer { state.stopping = true }
            return state.started && !state.stopping
        }
        guard running else { return }
        while state.withLock({ $0.producersDone < sensors }) { try? await Task.sleep(for: .milliseconds(1)) }
        subject.onCompleted()
        logger.info("feed completed", metadata: ["readings": "\(readingsSent)", "clients": "\(connectedClients)"])
    }

    private func produce(_ producer: Int) {
        let sensor = "sensor-\(producer)"
        let clock = ContinuousClock()
        var next = clock.now
        var sequence = 0
        while !state.withLock({ $0.stopping }) {
            let value = 20 + 5 * sin(Double(sequence) / 10 + Double(producer)) + Double(producer)
            subject.onNext(
                Reading(
                    sensor: sensor, producer: producer, sequence: sequence, value: value,
                    sentAt: monotonicNanoseconds()))
            sent.add(1, ordering: .relaxed)
            sequence += 1
            next += interval
            let now = clock.now
            if next > now {
                Thread.sleep(forTimeInterval: Double((next - now) / .nanoseconds(1)) / 1e9)
            } else {
                next = now
            }
        }
        state.withLock { $0.producersDone += 1 }
    }
}

private struct FeedState {
    var started = false
    var stopping = false
    var producersDone = 0
}

/// The shared sequence, handed to any thread.
private final class SharedReadings: @unchecked Sendable {
    // @unchecked Sendable: `sequence` is immutable, and it is `share(replay: 1)` of a subject: the
    // share's own lock serializes the subscriptions and disposals that come from any thread, and
    // the chain holds no closure of ours.
    let sequence: Observable<Reading>
    init(_ sequence: Observable<Reading>) { self.sequence = sequence }
}
