import Foundation
import RxSwift
import Synchronization

/// A value shared between test threads, guarded by the library's lock (`Locked`), which ThreadSanitizer sees.
public final class LockedBox<Value: Sendable>: Sendable {
    private let mutex: Locked<Value>

    public init(_ value: Value) {
        mutex = Locked(value)
    }

    public var value: Value { mutex.withLock { $0 } }

    public func mutate(_ body: (inout Value) -> Void) {
        mutex.withLock { body(&$0) }
    }
}

/// Runs `body(index)` on `count` threads at once and waits for all of them (bounded by `timeout`).
/// Each thread drops its reference to `body` before signalling, so what `body` captured is
/// released when this returns (the resource-leak check runs right after).
public func runConcurrently(_ count: Int, timeout: TimeInterval = 30, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let handOff = LockedBox<(@Sendable (Int) -> Void)?>(body)
        Thread.detachNewThread {
            var work: (@Sendable (Int) -> Void)?
            handOff.mutate { swap(&work, &$0) }
            work?(index)
            work = nil
            group.leave()
        }
    }
    precondition(group.wait(timeout: .now() + timeout) == .success, "concurrent test did not finish in \(timeout) s")
}

/// Carries a non-Sendable test value to another thread.
public struct UncheckedSendable<Value>: @unchecked Sendable {
    // @unchecked Sendable: each test hands the value over once and waits for the other thread
    // before touching it again.
    public let value: Value

    public init(_ value: Value) {
        self.value = value
    }
}

/// An observer for tests on real threads: records what it receives and whether two deliveries
/// ever overlapped (the Rx grammar forbids it) or anything arrived after a terminal event.
public final class SerialRecorder<Element: Sendable>: ObserverType, Sendable {
    private let state = LockedBox<(elements: [Element], terminals: [String])>(([], []))
    private let busy = Atomic<Bool>(false)
    private let overlaps = Atomic<Int>(0)
    private let late = Atomic<Int>(0)

    public init() {}

    public func on(_ event: Event<Element>) {
        if busy.exchange(true, ordering: .acquiring) { overlaps.add(1, ordering: .relaxed) }
        state.mutate { state in
            if !state.terminals.isEmpty { late.add(1, ordering: .relaxed) }
            switch event {
            case .next(let element): state.elements.append(element)
            case .error(let error): state.terminals.append("error \(error)")
            case .completed: state.terminals.append("completed")
            }
        }
        busy.store(false, ordering: .releasing)
    }

    /// The elements, in the order they arrived.
    public var elements: [Element] { state.value.elements }
    /// The terminal events ("completed" or "error …"): one at most.
    public var terminals: [String] { state.value.terminals }
    /// Whether two deliveries overlapped, or an event arrived after the terminal one.
    public var overlapped: Bool { overlaps.load(ordering: .relaxed) > 0 || late.load(ordering: .relaxed) > 0 }
}

/// Subscribes `count` recorders to `source`, one after another, disposing about half of them at
/// once, and keeps each in `recorders`: the subscribe/dispose side of a stress test.
public func subscribeAndDisposeRepeatedly<Element: Sendable>(
    _ source: Observable<Element>, count: Int, into recorders: LockedBox<[SerialRecorder<Element>]>
) {
    for _ in 0..<count {
        let recorder = SerialRecorder<Element>()
        recorders.mutate { $0.append(recorder) }
        let subscription = source.subscribe(recorder)
        if Bool.random() { subscription.dispose() }
    }
}

/// Runs `body` on a thread of its own and says whether it returned within `timeout`: for code
/// whose bug is never returning, so that the test fails instead of hanging the run.
public func returnsInTime(_ timeout: TimeInterval = 5, _ body: @escaping @Sendable () -> Void) -> Bool {
    let returned = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        returned.signal()
    }
    return returned.wait(timeout: .now() + timeout) == .success
}

/// Waits, checking every millisecond (sleeping between checks, so that a busy machine's other
/// threads get the processor), until `condition` holds or `timeout` passes; returns whether it
/// held. For real-thread tests that must act while another thread is at work. The bound only ends
/// a failing test: 30 s by default, so that a busy machine (ThreadSanitizer's slowdown on top of
/// a load average of 30 on 2 cores) does not fail a correct one.
@discardableResult
public func waitUntil(timeout: TimeInterval = 30, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() >= deadline { return false }
        usleep(1_000)
    }
    return true
}

/// The folder of the build's products: the running test bundle, the executables and `Modules`.
public var builtProductsDirectory: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
}

/// The path of `product`, an executable built next to the running test bundle.
public func builtProduct(_ product: String) -> URL {
    builtProductsDirectory.appendingPathComponent(product)
}

/// Runs `program` to its end and returns its exit status and everything it printed (standard
/// output and error together). Swift's backtracer is off, so a crash prints only its message.
public func runToCompletion(
    _ program: URL, arguments: [String] = [], directory: URL? = nil
) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, printed)
}

/// Async work a test finishes by hand: `value(for:)` suspends until the test calls
/// `finish(_:with:)` for that key (or returns at once if it already did), and records which calls
/// started and which were cancelled (a cancelled call throws `CancellationError`).
public final class ManualWork<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var waiting: [Key: CheckedContinuation<Value, Swift.Error>] = [:]
        var results: [Key: Result<Value, Swift.Error>] = [:]
        var started: [Key] = []
        var cancelled: [Key] = []
    }

    private let state = LockedBox(State())

    public init() {}

    /// The value the test gives `key`, when it gives it.
    public func value(for key: Key) async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                state.mutate { state in
                    state.started.append(key)
                    if state.cancelled.contains(key) {
                        continuation.resume(throwing: CancellationError())
                    } else if let result = state.results.removeValue(forKey: key) {
                        continuation.resume(with: result)
                    } else {
                        state.waiting[key] = continuation
                    }
                }
            }
        } onCancel: {
            state.mutate { state in
                state.cancelled.append(key)
                state.waiting.removeValue(forKey: key)?.resume(throwing: CancellationError())
            }
        }
    }

    /// Ends the call for `key` with `result` (or the next one, if none is waiting yet).
    public func finish(_ key: Key, with result: Result<Value, Swift.Error>) {
        state.mutate { state in
            if let continuation = state.waiting.removeValue(forKey: key) {
                continuation.resume(with: result)
            } else {
                state.results[key] = result
            }
        }
    }

    /// The keys of the calls that started, in order.
    public var started: [Key] { state.value.started }
    /// The keys of the calls that were cancelled, in order.
    public var cancelled: [Key] { state.value.cancelled }
}

/// Waits until `condition` holds, checking every millisecond; returns whether it did. The wait
/// ends when the condition holds: its bound, 30 s of wall-clock time, only ends a test that is
/// failing, and is generous so that a busy machine (a load average of 30 on 2 cores) does not
/// fail a correct one.
/// It runs on the caller's actor (`isolation`), where `condition` reads the caller's state.
public func eventually(isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: .seconds(30))
    while !condition() && ContinuousClock.now < deadline {
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return condition()
}

/// `eventually` for state behind an actor: reads `read` (which may await the actor) until
/// `condition` holds of what it returned, at most 30 s of wall-clock time, and returns the last
/// value read.
public func eventually<Value>(
    reading read: () async -> Value, until condition: (Value) -> Bool
) async -> Value {
    let deadline = ContinuousClock.now.advanced(by: .seconds(30))
    var value = await read()
    while !condition(value) && ContinuousClock.now < deadline {
        try? await Task.sleep(nanoseconds: 1_000_000)
        value = await read()
    }
    return value
}

/// A scheduler whose timers the test fires by hand (`fire()`), at the moment it chooses, or at
/// once, before `scheduleRelative` returns (`firesBeforeReturning`): the interleavings a real
/// timer produces only on a busy machine, made certain. A timer started while another one's
/// action runs waits for `fire()` even then: it is the successor that a timer firing on another
/// thread starts before the first `scheduleRelative` has returned.
public final class ManualScheduler: SchedulerType, @unchecked Sendable {
    // @unchecked Sendable: `pendingRuns` and `firing` are touched only under `lock`.
    private let lock = NSLock()
    private var pendingRuns: [() -> Void] = []
    private var firing = 0
    /// Whether a timer runs its action inside `scheduleRelative`, before it returns.
    public let firesBeforeReturning: Bool

    public init(firesBeforeReturning: Bool = false) {
        self.firesBeforeReturning = firesBeforeReturning
    }

    public var now: RxTime { Date() }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        action(state)
    }

    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let result = SingleAssignmentDisposable()
        let run = { [self] in
            guard !result.isDisposed else { return }
            lock.withLock { firing += 1 }
            defer { lock.withLock { firing -= 1 } }
            result.setDisposable(action(state))
        }
        let now = lock.withLock { () -> Bool in
            if firesBeforeReturning && firing == 0 { return true }
            pendingRuns.append(run)
            return false
        }
        if now { run() }
        return result
    }

    /// How many timers wait for `fire()`.
    public var pending: Int { lock.withLock { pendingRuns.count } }

    /// Fires timers, and those they start, until none is left; returns how many ran.
    @discardableResult
    public func fireAll() -> Int {
        var total = 0
        while case let count = fire(), count > 0 { total += count }
        return total
    }

    /// Runs the timers scheduled so far (not those they schedule); returns how many ran.
    @discardableResult
    public func fire() -> Int {
        let due = lock.withLock { () -> [() -> Void] in
            defer { pendingRuns = [] }
            return pendingRuns
        }
        for run in due { run() }
        return due.count
    }
}
