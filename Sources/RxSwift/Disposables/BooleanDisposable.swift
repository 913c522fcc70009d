import Synchronization

/// A disposable that only records whether it was disposed.
public final class BooleanDisposable: Cancelable, Sendable {
    /// An instance that is already disposed.
    public static let BooleanDisposableTrue = BooleanDisposable(isDisposed: true)

    private let disposed: Atomic<Bool>

    /// Creates a disposable that is not yet disposed.
    public init() {
        disposed = Atomic(false)
    }

    /// Creates a disposable with the given initial state.
    ///
    /// - Parameter isDisposed: Whether it starts disposed of.
    public init(isDisposed: Bool) {
        disposed = Atomic(isDisposed)
    }

    /// Whether `dispose` was called.
    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Marks the disposable as disposed.
    public func dispose() {
        disposed.store(true, ordering: .releasing)
    }
}
