import Synchronization

/// A `Mutex` guarding state that is stored beside it in the same object, for generic state the
/// region checker cannot see as `Sendable`. The owning type's `@unchecked Sendable` comment names
/// this lock; every access to the guarded state goes through `withLock`.
struct Lock: ~Copyable {
    private let mutex = Mutex(())

    init() {}

    /// Runs `body` with the lock held. `body` must not call out to user code or observers.
    @inline(__always)
    borrowing func withLock<R>(_ body: () throws -> R) rethrows -> R {
        try mutex.withLock { _ in try body() }
    }
}
