import Dispatch

/// One sensor reading, as a producer sends it into the feed.
///
/// `producer` and `sequence` identify it: each producer numbers its readings 0, 1, 2, … and sends
/// them from one thread, so a client that receives a producer's readings out of order, or with a
/// number missing while it was connected, has found a bug. `sentAt` is the monotonic clock
/// (`DispatchTime.now().uptimeNanoseconds`, the same clock in every process on the machine) when the
/// producer sent it: a client on the same machine measures the latency from it.
public struct Reading: Sendable, Equatable, Codable {
    /// The sensor's name: the key a client filters by (`sensor-0`, `sensor-1`, …).
    public var sensor: String
    /// The producer that sent it (one producer per sensor).
    public var producer: Int
    /// The producer's count of readings before this one.
    public var sequence: Int
    /// The value read.
    public var value: Double
    /// When the producer sent it, in nanoseconds of the monotonic clock.
    public var sentAt: UInt64

    /// Creates a reading.
    public init(sensor: String, producer: Int, sequence: Int, value: Double, sentAt: UInt64) {
        self.sensor = sensor
        self.producer = producer
        self.sequence = sequence
        self.value = value
        self.sentAt = sentAt
    }
}

/// An aggregate of the readings of one time window: what `?window=` clients receive.
public struct WindowSummary: Sendable, Equatable, Codable {
    /// The number of readings in the window.
    public var count: Int
    /// Their mean value (0 for an empty window).
    public var mean: Double
    /// The smallest and largest value (0 for an empty window).
    public var min: Double
    /// The largest value (0 for an empty window).
    public var max: Double

    /// Creates a summary.
    public init(count: Int, mean: Double, min: Double, max: Double) {
        self.count = count
        self.mean = mean
        self.min = min
        self.max = max
    }

    /// The summary of no readings.
    public static let empty = WindowSummary(count: 0, mean: 0, min: 0, max: 0)

    /// This summary with one more reading.
    public func adding(_ value: Double) -> WindowSummary {
        guard count > 0 else { return WindowSummary(count: 1, mean: value, min: value, max: value) }
        let total = mean * Double(count) + value
        return WindowSummary(
            count: count + 1, mean: total / Double(count + 1), min: Swift.min(min, value), max: Swift.max(max, value))
    }
}

/// The monotonic clock the feed stamps readings with, in nanoseconds.
public func monotonicNanoseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}
