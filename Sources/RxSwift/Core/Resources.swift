import Synchronization

/// Counts the library's live internal resources (observables, subscription stages, subjects).
///
/// Tests read `Resources.total` before and after a scenario to prove nothing leaked. Counting is
/// compiled into debug builds only; in release builds `total` is always 0 and costs nothing.
public enum Resources {
    #if DEBUG
    private static let counter = Atomic<Int>(0)
    #endif

    /// The number of live internal resources (debug builds; 0 in release builds).
    public static var total: Int {
        #if DEBUG
        return counter.load(ordering: .relaxed)
        #else
        return 0
        #endif
    }

    /// Increments `total`; library types call it when they allocate a tracked resource.
    @inline(__always)
    public static func incrementTotal() {
        #if DEBUG
        counter.wrappingAdd(1, ordering: .relaxed)
        #endif
    }

    /// Decrements `total`; library types call it when a tracked resource is released.
    @inline(__always)
    public static func decrementTotal() {
        #if DEBUG
        counter.wrappingSubtract(1, ordering: .relaxed)
        #endif
    }
}
