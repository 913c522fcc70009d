import Foundation
import RxSwift

/// What a client asks of the feed, read from its request's query:
/// `/feed?sensor=sensor-2&throttle=500` or `/feed?window=1000`.
///
/// - `sensor`: only that sensor's readings (the key filter).
/// - `throttle`: at most one reading per that many milliseconds (the first of a burst at once,
///   the latest at the end of it: `throttle(_:latest: true)`).
/// - `window`: instead of readings, one ``WindowSummary`` per that many milliseconds (count,
///   mean, min, max), empty windows included: `window(timeSpan:count:scheduler:)`, each window
///   reduced.
public struct FeedQuery: Sendable, Equatable {
    /// The sensor to keep, or `nil` for all.
    public var sensor: String?
    /// The throttle period in milliseconds, or `nil`.
    public var throttleMilliseconds: Int?
    /// The aggregate window in milliseconds, or `nil` for readings.
    public var windowMilliseconds: Int?

    /// The longest period a client may ask for (an hour).
    public static let longestPeriod = 3_600_000

    /// Creates a query.
    public init(sensor: String? = nil, throttleMilliseconds: Int? = nil, windowMilliseconds: Int? = nil) {
        self.sensor = sensor
        self.throttleMilliseconds = throttleMilliseconds
        self.windowMilliseconds = windowMilliseconds
    }

    /// Reads a query from a request's parameters; a bad one throws a ``FeedQueryError`` that
    /// says what to write instead.
    public init(parameters: [(name: String, value: String)]) throws(FeedQueryError) {
        self.init()
        for (name, value) in parameters {
            switch name {
            case "sensor":
                guard !value.isEmpty else { throw .emptySensor }
                sensor = value
            case "throttle": throttleMilliseconds = try Self.period(name, value)
            case "window": windowMilliseconds = try Self.period(name, value)
            default: throw .unknownParameter(name)
            }
        }
        if throttleMilliseconds != nil && windowMilliseconds != nil { throw .throttleWithWindow }
    }

    private static func period(_ name: String, _ value: String) throws(FeedQueryError) -> Int {
        guard let milliseconds = Int(value), milliseconds > 0, milliseconds <= longestPeriod else {
            throw .badPeriod(name: name, value: value)
        }
        return milliseconds
    }

    /// The client's pipeline over `readings`, as Server-Sent Events (each element one event's
    /// text: `event: reading` or `event: summary`, its data one line of JSON), its timers on
    /// `scheduler`.
    public func events(from readings: Observable<Reading>, scheduler: SchedulerType) -> Observable<String> {
        var selected = readings
        if let sensor { selected = selected.filter { $0.sensor == sensor } }
        if let windowMilliseconds {
            return selected.window(timeSpan: .milliseconds(windowMilliseconds), count: .max, scheduler: scheduler)
                .concatMap { window in window.reduce(WindowSummary.empty) { $0.adding($1.value) } }
                .map(ServerSentEvent.summary)
        }
        if let throttleMilliseconds {
            selected = selected.throttle(.milliseconds(throttleMilliseconds), latest: true, scheduler: scheduler)
        }
        return selected.map(ServerSentEvent.reading)
    }
}

/// A request the feed cannot serve, with what to write instead (the server answers 400 with it).
public enum FeedQueryError: Error, Equatable, CustomStringConvertible {
    /// A parameter the feed does not know.
    case unknownParameter(String)
    /// `sensor=` with no name.
    case emptySensor
    /// A period that is not a whole number of milliseconds from 1 to an hour.
    case badPeriod(name: String, value: String)
    /// `throttle` and `window` together.
    case throttleWithWindow

    /// What the client is told.
    public var description: String {
        switch self {
        case .unknownParameter(let name):
            "unknown parameter '\(name)': the feed takes sensor=NAME, throttle=MILLISECONDS and window=MILLISECONDS"
        case .emptySensor: "sensor= needs a sensor's name, such as sensor=sensor-0"
        case .badPeriod(let name, let value):
            "\(name)=\(value) is not a period: write a whole number of milliseconds from 1 to \(FeedQuery.longestPeriod)"
        case .throttleWithWindow: "throttle and window do not combine: a window already sends one summary per period"
        }
    }
}
