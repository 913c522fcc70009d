import Synchronization

/// Holds one replaceable disposable: setting a new one disposes the previous one. After the
/// serial disposable is disposed, anything assigned to it is disposed at once.
public final class SerialDisposable: Cancelable {
    private struct State {
        var current: Disposable?
        var disposed = false
    }

    private let state = Locked(State())

    /// Creates an empty serial disposable.
    public init() {}

    /// The current disposable. Assigning disposes the previous one.
    public var disposable: Disposable {
        get { state.withLock { $0.current } ?? Disposables.create() }
        set {
            let (previous, rejected): (Disposable?, Bool) = state.withLock { locked in
                if locked.disposed { return (nil, true) }
                let previous = locked.current
                locked.current = newValue
                return (previous, false)
            }
            previous?.dispose()
            if rejected { newValue.dispose() }
        }
    }

    /// Whether the serial disposable was disposed.
    public var isDisposed: Bool { state.withLock { $0.disposed } }

    /// Disposes the current disposable and every later assignment.
    public func dispose() {
        let current: Disposable? = state.withLock { locked in
            if locked.disposed { return nil }
            locked.disposed = true
            defer { locked.current = nil }
            return locked.current
        }
        current?.dispose()
    }
}
