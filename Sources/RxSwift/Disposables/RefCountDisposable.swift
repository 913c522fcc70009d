import Synchronization

/// Disposes its underlying disposable only when it has been disposed itself and every
/// disposable obtained from `retain()` has been disposed too.
public final class RefCountDisposable: Cancelable, Sendable {
    private struct State {
        var underlying: SendableDisposable?
        var count = 0
        var primaryDisposed = false
    }

    private let state: Locked<State>

    /// Wraps `disposable`.
    ///
    /// - Parameter disposable: The disposable.
    public init(disposable: Disposable) {
        state = Locked(State(underlying: SendableDisposable(disposable)))
    }

    /// Whether the underlying disposable was disposed.
    public var isDisposed: Bool { state.withLock { $0.underlying == nil } }

    /// Returns a dependent disposable that keeps the underlying one alive until disposed.
    public func retain() -> Disposable {
        let alive = state.withLock { locked -> Bool in
            guard locked.underlying != nil else { return false }
            locked.count += 1
            return true
        }
        guard alive else { return Disposables.create() }
        return Disposables.create { [self] in self.release() }
    }

    private func release() {
        let toDispose: SendableDisposable? = state.withLock { locked in
            locked.count -= 1
            guard locked.primaryDisposed, locked.count == 0 else { return nil }
            defer { locked.underlying = nil }
            return locked.underlying
        }
        toDispose?.dispose()
    }

    /// Disposes the underlying disposable once no dependents remain.
    public func dispose() {
        let toDispose: SendableDisposable? = state.withLock { locked in
            guard !locked.primaryDisposed else { return nil }
            locked.primaryDisposed = true
            guard locked.count == 0 else { return nil }
            defer { locked.underlying = nil }
            return locked.underlying
        }
        toDispose?.dispose()
    }
}
