import Foundation

/// Converts `HistoricalScheduler`'s virtual time, which is plain dates and seconds.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType {
    /// Virtual time is a date.
    public typealias VirtualTimeUnit = RxTime
    /// Virtual intervals are seconds.
    public typealias VirtualTimeIntervalUnit = TimeInterval

    /// Returns `virtualTime`.
    ///
    /// - Parameter virtualTime: The virtual time.
    public func convertFromVirtualTime(_ virtualTime: RxTime) -> RxTime { virtualTime }
    /// Returns `time`.
    ///
    /// - Parameter time: The virtual time.
    public func convertToVirtualTime(_ time: RxTime) -> RxTime { time }
    /// Returns `virtualTimeInterval`.
    ///
    /// - Parameter virtualTimeInterval: The virtual time interval.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: TimeInterval) -> TimeInterval {
        virtualTimeInterval
    }
    /// Returns `timeInterval`.
    ///
    /// - Parameter timeInterval: The time interval.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> TimeInterval { timeInterval }
    /// Adds `offset` seconds to `time`.
    ///
    /// - Parameters:
    ///   - time: The virtual time.
    ///   - offset: The interval to add.
    public func offsetVirtualTime(_ time: RxTime, offset: TimeInterval) -> RxTime { time.addingTimeInterval(offset) }
    /// Compares two dates.
    ///
    /// - Parameters:
    ///   - lhs: The value on the left.
    ///   - rhs: The value on the right.
    public func compareVirtualTime(_ lhs: RxTime, _ rhs: RxTime) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
    }
}

/// A virtual-time scheduler whose clock is a date: replays historical data deterministically.
public final class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter>, @unchecked Sendable {
    // @unchecked Sendable: as VirtualTimeScheduler (its lock).

    /// Creates a scheduler whose clock starts at `initialClock`.
    ///
    /// - Parameter initialClock: The virtual time the clock starts at.
    public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
        super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
    }
}
