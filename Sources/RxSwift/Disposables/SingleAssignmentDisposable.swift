import Synchronization

/// Holds a disposable assigned exactly once. If it is disposed before the assignment, the
/// assigned disposable is disposed at once. Assigning twice is a programming error.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `current` is written before the `state` exchange that publishes it and
    // read or cleared only by the caller that wins the exchange to `disposed`.
    private let state = Atomic<UInt8>(0)
    private var current: Disposable?

    private static let empty: UInt8 = 0
    private static let assigned: UInt8 = 1
    private static let disposed: UInt8 = 2

    /// Creates an empty single-assignment disposable.
    public init() {}

    /// Whether the disposable was disposed.
    public var isDisposed: Bool { state.load(ordering: .acquiring) == Self.disposed }

    /// Assigns the disposable. Stops with a precondition failure if one was assigned before.
    ///
    /// - Parameter disposable: The disposable; disposed of at once when this is already disposed of.
    public func setDisposable(_ disposable: Disposable) {
        current = disposable
        let (exchanged, found) = state.compareExchange(
            expected: Self.empty, desired: Self.assigned, ordering: .acquiringAndReleasing)
        if exchanged { return }
        precondition(found == Self.disposed, "SingleAssignmentDisposable: setDisposable called twice")
        current = nil
        disposable.dispose()
    }

    /// Disposes the assigned disposable, now or when it is assigned.
    public func dispose() {
        let previous = state.exchange(Self.disposed, ordering: .acquiringAndReleasing)
        guard previous == Self.assigned else { return }
        let disposable = current
        current = nil
        disposable?.dispose()
    }
}
