import Dispatch
import Foundation
import Synchronization

/// Runs work on the main thread. When called on the main thread with nothing of its own queued,
/// it runs the action immediately; otherwise it hops to `DispatchQueue.main`.
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
    // @unchecked Sendable: its only state is the `enqueued` atomic.
    private let enqueued = Atomic<Int>(0)

    /// Creates a main-thread scheduler; prefer `MainScheduler.instance`.
    public init() {
        super.init(serialQueue: DispatchQueue.main)
    }

    /// The shared main-thread scheduler (immediate when already on the main thread).
    public static let instance = MainScheduler()

    /// A main-queue scheduler that always hops to `DispatchQueue.main`, even from the main thread.
    public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: DispatchQueue.main)

    /// Marks `DispatchQueue.main` so that its blocks can be recognised on any thread.
    private static let mainQueueKey = DispatchSpecificKey<UInt8>()
    private static let mainQueueMarked: Bool = {
        DispatchQueue.main.setSpecific(key: mainQueueKey, value: 1)
        return true
    }()

    /// Whether the caller runs "on main": on the main thread, or inside a block of
    /// `DispatchQueue.main` (the main actor's executor). Under `dispatchMain()` on Linux, main-queue
    /// blocks run on a worker thread where `Thread.isMainThread` is false; RxSwift recognises the
    /// main queue by a queue-specific key, and so does this. Every main-thread check of OpenRx
    /// (MainScheduler, Driver/Signal/Binder, control properties and events, RxGtk) asks this:
    /// RxGtk is a package of its own, hence `@_spi(OpenRx) public` rather than `package`.
    @_spi(OpenRx) public static var isOnMain: Bool {
        if currentThreadID() == mainThreadID.load(ordering: .relaxed) { return true }
        return isOnMainSlowly()
    }

    /// The main thread's id, recorded the first time the library asks on the main thread, so
    /// that `isOnMain` answers there without a system call (`Thread.isMainThread` makes two on
    /// Linux). Zero until then.
    private static let mainThreadID = Atomic<UInt>(0)

    @inline(never)
    private static func isOnMainSlowly() -> Bool {
        if Thread.isMainThread {
            mainThreadID.store(currentThreadID(), ordering: .relaxed)
            return true
        }
        _ = mainQueueMarked
        return DispatchQueue.getSpecific(key: mainQueueKey) != nil
    }

    /// Claims the right to run an action at once: on main, with nothing of this scheduler's
    /// queued. Returns false otherwise (then schedule it); after true, call `endImmediate()`.
    @inline(__always)
    func beginImmediate() -> Bool {
        if enqueued.load(ordering: .relaxed) != 0 || !MainScheduler.isOnMain { return false }
        if enqueued.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 { return true }
        enqueued.wrappingSubtract(1, ordering: .releasing)
        return false
    }

    /// Ends what `beginImmediate()` began.
    @inline(__always)
    func endImmediate() {
        enqueued.wrappingSubtract(1, ordering: .releasing)
    }

    /// Stops with `errorMessage` unless running on the main thread (or the main queue).
    ///
    /// - Parameter errorMessage: The message of the failure (a default one when nil).
    public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        precondition(
            isOnMain,
            errorMessage
                ?? "Executing on background thread. Please use `MainScheduler.instance.schedule` to schedule work on the main thread."
        )
    }

    /// Stops with `errorMessage` unless running on the main thread (or the main queue).
    ///
    /// - Parameter errorMessage: The message of the failure (a default one when nil).
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        precondition(isOnMain, errorMessage ?? "Running on background thread.")
    }

    override func enqueue<Target: AnyObject, Value>(
        _ target: Target, _ value: Value, _ action: @escaping (Target, Value) -> Void
    ) {
        let previous = enqueued.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue
        if previous == 0 && MainScheduler.isOnMain {
            defer { enqueued.wrappingSubtract(1, ordering: .releasing) }
            return action(target, value)
        }
        let work = UncheckedBox((target, value, action))
        DispatchQueue.main.async { [self] in
            defer { enqueued.wrappingSubtract(1, ordering: .releasing) }
            work.value.2(work.value.0, work.value.1)
        }
    }

    override func scheduleInternal<StateType>(
        _ state: StateType, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let previous = enqueued.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue
        if previous == 0 && MainScheduler.isOnMain {
            defer { enqueued.wrappingSubtract(1, ordering: .releasing) }
            return action(state)
        }
        let cancel = SingleAssignmentDisposable()
        let work = UncheckedBox((state, action))
        DispatchQueue.main.async { [self] in
            defer { enqueued.wrappingSubtract(1, ordering: .releasing) }
            if cancel.isDisposed { return }
            cancel.setDisposable(work.value.1(work.value.0))
        }
        return cancel
    }
}

/// Runs work on the main thread: immediately when already there, otherwise through
/// `DispatchQueue.main`. Suited to `subscribe(on:)` of UI sources.
public final class ConcurrentMainScheduler: SchedulerType, Sendable {
    /// The scheduler's time interval type (seconds).
    public typealias TimeInterval = Foundation.TimeInterval
    /// The scheduler's time type.
    public typealias Time = Date

    private let main = MainScheduler.instance

    /// The shared instance.
    public static let instance = ConcurrentMainScheduler()

    private init() {}

    /// The current time.
    public var now: RxTime { Date() }

    /// Runs `action` now on the main thread, or schedules it there.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - action: The work to run.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if MainScheduler.isOnMain { return action(state) }
        return main.schedule(state, action: action)
    }

    /// Schedules `action` on the main queue after `dueTime`.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - dueTime: How long from now.
    ///   - action: The work to run.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        main.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Schedules `action` on the main queue after `startAfter`, then every `period`.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - startAfter: How long before the first run.
    ///   - period: The time between two runs.
    ///   - action: The work to run.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        main.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
