internal import OpenRxShims
import Synchronization

/// A lock guarding state that is stored beside it in the same object, for generic state the
/// region checker cannot see as `Sendable`. The owning type's `@unchecked Sendable` comment names
/// this lock; every access to the guarded state goes through `withLock`.
///
/// On Linux it is a `LockWord`: an unfair lock that spins briefly and then sleeps on a plain
/// futex, so that a contended lock keeps its throughput when threads outnumber cores (Swift's
/// `Mutex` there is a priority-inheritance futex, whose release hands the lock to a sleeping
/// waiter through the kernel: with more runnable threads than cores every hand-over waits for a
/// time slice). Elsewhere it is Synchronization's `Mutex` (`os_unfair_lock` on Darwin).
///
/// ThreadSanitizer sees it: in a debug build under `--sanitize=thread` (what `swift test
/// --sanitize=thread` builds) each acquisition and release is announced to the sanitizer
/// (`OpenRxShims`), which cannot see a futex sleep by itself. Other debug builds pay one test of
/// a constant per acquisition and release; release builds pay nothing. In the stress mode every
/// release is followed by a `Stress.handover()`.
package struct Lock: ~Copyable {
    #if os(Linux)
    private let word = LockWord()
    #else
    private let mutex = Mutex(())
    #endif

    package init() {}

    /// Runs `body` with the lock held. `body` must not call out to user code or observers.
    /// `file` and `function` name the caller for the stress mode's count of hand-overs.
    @inline(__always)
    package borrowing func withLock<R>(
        file: StaticString = #fileID, function: StaticString = #function, _ body: () throws -> R
    ) rethrows -> R {
        defer { Stress.handover(file: file, function: function) }
        #if os(Linux)
        word.lock()
        defer { word.unlock() }
        return try body()
        #else
        return try mutex.withLock { _ in
            announceAcquired(mutex)
            defer { announceReleasing(mutex) }
            return try body()
        }
        #endif
    }
}

/// A value that only one thread at a time reads or changes, like `Mutex<Value>`, on the same
/// lock as `Lock`. The library's and its tests' one lock type for values that live inside the
/// lock.
// @unchecked Sendable on Linux: `value` is only reached through `withLock`, with `word` held
// (`Mutex<Value>` is Sendable for the same reason).
package struct Locked<Value: ~Copyable>: ~Copyable, @unchecked Sendable {
    #if os(Linux)
    /// Stable storage for the value (Synchronization's `Mutex` keeps its value in the same cell).
    /// First, at the struct's own address: under ThreadSanitizer, `withLock`'s `inout` access to
    /// the value is recorded as a write at the address of the struct, which must not be the lock
    /// word's (other threads change the word atomically while one holds the lock: with the word
    /// first, every contended acquisition was reported as a race).
    private let value: _Cell<Value>
    private let word = LockWord()

    package init(_ value: consuming sending Value) {
        self.value = _Cell(value)
    }
    #else
    private let mutex: Mutex<Value>

    package init(_ value: consuming sending Value) {
        mutex = Mutex(value)
    }
    #endif

    /// Runs `body` with the lock held and the value at hand.
    @inline(__always)
    package borrowing func withLock<Result: ~Copyable, E: Error>(
        file: StaticString = #fileID, function: StaticString = #function,
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        defer { Stress.handover(file: file, function: function) }
        #if os(Linux)
        word.lock()
        defer { word.unlock() }
        return try body(&value._address.pointee)
        #else
        return try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
            announceAcquired(mutex)
            defer { announceReleasing(mutex) }
            return try body(&value)
        }
        #endif
    }

    /// Runs `body` with the lock held and the value at hand if the lock is free now; `nil`
    /// without waiting when another thread holds it.
    @inline(__always)
    package borrowing func withLockIfAvailable<Result>(
        file: StaticString = #fileID, function: StaticString = #function,
        _ body: (inout sending Value) -> sending Result
    ) -> Result? {
        #if os(Linux)
        guard word.tryLock() else { return nil }
        defer { Stress.handover(file: file, function: function) }
        defer { word.unlock() }
        return body(&value._address.pointee)
        #else
        let result = mutex.withLockIfAvailable { (value: inout sending Value) -> sending Result in
            announceAcquired(mutex)
            defer { announceReleasing(mutex) }
            return body(&value)
        }
        if result != nil { Stress.handover(file: file, function: function) }
        return result
        #endif
    }
}

#if os(Linux)
/// The lock word under `Lock` and `Locked` on Linux: 0 free, 1 held, 2 held and a thread may be
/// sleeping on it. Taking a free lock is one compare-and-swap and releasing it one exchange;
/// neither calls the kernel unless a thread sleeps.
///
/// The lock is unfair, like `pthread_mutex_t` and `os_unfair_lock`: a release makes one sleeper
/// runnable but does not hand it the lock, so a thread that is running takes it first. A hand-over
/// therefore never waits for the woken thread to be scheduled, which is what keeps a contended
/// lock's throughput when threads outnumber cores. A thread that finds the lock held spins a few
/// times (the holder is usually on another core and about to release it), then sleeps on the
/// futex until a release wakes it (each sleeper is woken by one release: none waits forever).
private struct LockWord: ~Copyable {
    private let state = Atomic<UInt32>(0)

    /// How many times a thread checks a held lock before it sleeps: for about 0.4 µs (a check
    /// and a `SpinPause` each). Short: on an oversubscribed machine the holder may be
    /// descheduled, and spinning then only burns the core it needs.
    private static var spins: Int { SpinPause.perMicrosecond * 3 / 8 }

    init() {}

    @inline(__always)
    borrowing func lock() {
        if _slowPath(
            !state.compareExchange(expected: 0, desired: 1, successOrdering: .acquiring, failureOrdering: .relaxed)
                .exchanged)
        {
            lockContended()
        }
        announceAcquired()
    }

    /// Takes the lock if it is free, without waiting; whether it did.
    @inline(__always)
    borrowing func tryLock() -> Bool {
        guard
            state.compareExchange(expected: 0, desired: 1, successOrdering: .acquiring, failureOrdering: .relaxed)
                .exchanged
        else { return false }
        announceAcquired()
        return true
    }

    @inline(__always)
    borrowing func unlock() {
        announceReleasing()
        if _slowPath(state.exchange(0, ordering: .releasing) == 2) {
            wakeOne()
        }
    }

    @inline(never)
    private borrowing func lockContended() {
        for _ in 0..<Self.spins {
            let seen = state.load(ordering: .relaxed)
            if seen == 0 {
                if state.compareExchange(
                    expected: 0, desired: 1, successOrdering: .acquiring, failureOrdering: .relaxed
                )
                .exchanged {
                    return
                }
            } else if seen == 2 {
                break // others already sleep: join them rather than compete with the woken one
            }
            openrx_spin_pause()
        }
        // Marked as 2 from here on: whoever releases it next wakes a sleeper. A thread that takes
        // it this way keeps the 2, as another may still sleep.
        while state.exchange(2, ordering: .acquiring) != 0 {
            withUnsafePointer(to: state) { openrx_futex_wait($0, 2) }
        }
    }

    @inline(never)
    private borrowing func wakeOne() {
        withUnsafePointer(to: state) { openrx_futex_wake_one($0) }
    }

    /// Tells ThreadSanitizer, when the build runs under it, that this lock was just acquired.
    /// Debug builds only (where `swift test --sanitize=thread` runs): release builds pay nothing.
    @inline(__always)
    private borrowing func announceAcquired() {
        #if DEBUG
        if _slowPath(openrx_tsan_active) { withUnsafePointer(to: state) { openrx_tsan_acquire($0) } }
        #endif
    }

    /// Tells ThreadSanitizer, when the build runs under it, that this lock is about to be released.
    @inline(__always)
    private borrowing func announceReleasing() {
        #if DEBUG
        if _slowPath(openrx_tsan_active) { withUnsafePointer(to: state) { openrx_tsan_release($0) } }
        #endif
    }
}
#else
/// Tells ThreadSanitizer, when the build runs under it, that `mutex` was just acquired. Debug
/// builds only (where `swift test --sanitize=thread` runs): release builds pay nothing.
@inline(__always)
private func announceAcquired<Value: ~Copyable>(_ mutex: borrowing Mutex<Value>) {
    #if DEBUG
    if _slowPath(openrx_tsan_active) { withUnsafePointer(to: mutex) { openrx_tsan_acquire($0) } }
    #endif
}

/// Tells ThreadSanitizer, when the build runs under it, that `mutex` is about to be released.
/// Debug builds only, as `announceAcquired`.
@inline(__always)
private func announceReleasing<Value: ~Copyable>(_ mutex: borrowing Mutex<Value>) {
    #if DEBUG
    if _slowPath(openrx_tsan_active) { withUnsafePointer(to: mutex) { openrx_tsan_release($0) } }
    #endif
}
#endif
