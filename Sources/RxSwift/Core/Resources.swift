import Synchronization

/// Counts the library's live internal resources (observables, subscription stages, subjects).
///
/// Tests read `Resources.total` before and after a scenario to prove nothing leaked. Counting is
/// compiled into debug builds only; in release builds `total` is always 0 and costs nothing.
public enum Resources {
    #if DEBUG
    private static let counter = Atomic<Int>(0)
    #endif

    /// The number of live internal resources (debug builds; 0 in release builds). `Int32`, as
    /// in RxSwift.
    public static var total: Int32 {
        #if DEBUG
        return Int32(truncatingIfNeeded: counter.load(ordering: .relaxed))
        #else
        return 0
        #endif
    }

    /// Increments `total` and returns the new count; library types call it when they allocate a
    /// tracked resource.
    @inline(__always)
    @discardableResult
    public static func incrementTotal() -> Int32 {
        #if DEBUG
        return Int32(truncatingIfNeeded: counter.wrappingAdd(1, ordering: .relaxed).newValue)
        #else
        return 0
        #endif
    }

    /// Decrements `total` and returns the new count; library types call it when a tracked
    /// resource is released.
    @inline(__always)
    @discardableResult
    public static func decrementTotal() -> Int32 {
        #if DEBUG
        return Int32(truncatingIfNeeded: counter.wrappingSubtract(1, ordering: .relaxed).newValue)
        #else
        return 0
        #endif
    }

    /// The number of live `observe(on:)` subscriptions on a serial dispatch queue scheduler (RxSwift
    /// counts them separately; OpenRx counts them in `total` only, so this is always 0).
    public static var numberOfSerialDispatchQueueObservables: Int32 { 0 }
}
