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

    #if DEBUG
    private static let serialDispatchObservables = Atomic<Int>(0)
    #endif

    /// The number of live sequences made by `observe(on:)` with a serial dispatch queue scheduler
    /// (`SerialDispatchQueueScheduler`, `MainScheduler`), as RxSwift counts them (they count in
    /// `total` too). Debug builds; 0 in release builds.
    public static var numberOfSerialDispatchQueueObservables: Int32 {
        #if DEBUG
        return Int32(truncatingIfNeeded: serialDispatchObservables.load(ordering: .relaxed))
        #else
        return 0
        #endif
    }

    /// Counts a sequence made by `observe(on:)` with a serial dispatch queue scheduler (`+1`) or
    /// its release (`-1`).
    static func countSerialDispatchObservable(_ change: Int) {
        #if DEBUG
        serialDispatchObservables.wrappingAdd(change, ordering: .relaxed)
        #endif
    }
}

#if DEBUG
/// What the code running in one scope (a test, with RxTest's `.noLeakedSubscriptions` trait)
/// created and has not released yet: the library's objects made while `current` is bound
/// count here as well as in `Resources.total`, so one test's leaks are told apart from those of
/// tests running beside it. Debug builds only, as `Resources.total`.
package final class ResourceScope: Sendable {
    /// The scope bound to the current task (and the tasks it starts), or to this thread.
    @TaskLocal package static var current: ResourceScope?

    private let counter = Atomic<Int>(0)
    /// The live objects made in the scope, by identity, with their types (to name them).
    private let objects = Mutex<[ObjectIdentifier: AnyObject.Type]>([:])

    package init() {}

    /// How many of the objects made in this scope are alive.
    package var live: Int { counter.load(ordering: .relaxed) }

    /// The live objects' types, with how many of each, most first (`MapSink<Int, Int> ×2`).
    package var liveTypes: [(name: String, count: Int)] {
        let types = objects.withLock { Array($0.values) }
        var counts: [String: Int] = [:]
        for type in types { counts[String(describing: type), default: 0] += 1 }
        return counts.map { (name: $0.key, count: $0.value) }.sorted { ($1.count, $0.name) < ($0.count, $1.name) }
    }

    private let asleepTasks = Atomic<Int>(0)

    /// How many tasks of this scope sleep on a virtual clock (RxTest's `TestSchedulerClock`).
    package var asleep: Int { asleepTasks.load(ordering: .relaxed) }

    /// A task of this scope went to sleep on a virtual clock (`+1`) or woke (`-1`).
    package func sleeping(_ change: Int) {
        asleepTasks.wrappingAdd(change, ordering: .relaxed)
    }

    /// Names `object`, counted by `enter`, among the scope's live objects.
    func register(_ object: AnyObject) {
        let type: AnyObject.Type = Swift.type(of: object)
        objects.withLock { $0[ObjectIdentifier(object)] = type }
    }

    /// Removes `object` from the scope's live objects (its `deinit`).
    func unregister(_ object: AnyObject) {
        _ = objects.withLock { $0.removeValue(forKey: ObjectIdentifier(object)) }
    }

    /// Counts one more object made in the scope bound now, and returns that scope.
    @inline(__always)
    static func enter() -> ResourceScope? {
        Resources.incrementTotal()
        let scope = current
        scope?.counter.wrappingAdd(1, ordering: .relaxed)
        return scope
    }

    /// Counts one object of `scope` less.
    @inline(__always)
    static func leave(_ scope: ResourceScope?) {
        scope?.counter.wrappingSubtract(1, ordering: .relaxed)
        Resources.decrementTotal()
    }
}
#endif
