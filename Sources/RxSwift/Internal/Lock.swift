internal import OpenRxTSan
import Synchronization

/// A `Mutex` guarding state that is stored beside it in the same object, for generic state the
/// region checker cannot see as `Sendable`. The owning type's `@unchecked Sendable` comment names
/// this lock; every access to the guarded state goes through `withLock`.
///
/// ThreadSanitizer sees it: in a debug build under `--sanitize=thread` (what `swift test
/// --sanitize=thread` builds) each acquisition and release is announced to the sanitizer
/// (`OpenRxTSan`), which cannot see Synchronization's `Mutex` by itself. Other debug builds pay
/// one test of a constant per acquisition and release; release builds pay nothing.
package struct Lock: ~Copyable {
    private let mutex = Mutex(())

    package init() {}

    /// Runs `body` with the lock held. `body` must not call out to user code or observers.
    @inline(__always)
    package borrowing func withLock<R>(_ body: () throws -> R) rethrows -> R {
        defer { Stress.handover() }
        return try mutex.withLock { _ in
            announceAcquired(mutex)
            defer { announceReleasing(mutex) }
            return try body()
        }
    }
}

/// A value that only one thread at a time reads or changes, like `Mutex<Value>`, and that
/// ThreadSanitizer sees being locked (see `Lock`). The library's and its tests' one lock type
/// for values that live inside the lock.
package struct Locked<Value: ~Copyable>: ~Copyable, Sendable {
    private let mutex: Mutex<Value>

    package init(_ value: consuming sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the lock held and the value at hand.
    @inline(__always)
    package borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        defer { Stress.handover() }
        return try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
            announceAcquired(mutex)
            defer { announceReleasing(mutex) }
            return try body(&value)
        }
    }
}

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
