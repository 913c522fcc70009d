import Synchronization

/// Holds one replaceable disposable: setting a new one disposes the previous one. After the
/// serial disposable is disposed, anything assigned to it is disposed at once.
public final class SerialDisposable: Cancelable, Sendable {
    private struct State {
        var current: SendableDisposable?
        var disposed = false
    }

    private let state = Locked(State())

    /// Creates an empty serial disposable.
    public init() {}

    /// The current disposable. Assigning disposes the previous one.
    public var disposable: Disposable {
        get { state.withLock { $0.current }?.base ?? Disposables.create() }
        set {
            let next = SendableDisposable(newValue)
            let (previous, rejected): (SendableDisposable?, Bool) = state.withLock { locked in
                if locked.disposed { return (nil, true) }
                let previous = locked.current
                locked.current = next
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
        let current: SendableDisposable? = state.withLock { locked in
            if locked.disposed { return nil }
            locked.disposed = true
            defer { locked.current = nil }
            return locked.current
        }
        current?.dispose()
    }
}
