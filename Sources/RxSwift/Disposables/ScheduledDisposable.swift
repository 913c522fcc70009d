import Synchronization

/// Disposes its disposable by scheduling the disposal on a scheduler.
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `scheduler` is immutable and, by the scheduler contract (as in
    // RxSwift), may be used from any thread; the rest is `Sendable`.
    /// The scheduler the disposal runs on.
    public let scheduler: ImmediateSchedulerType
    private let inner: SingleAssignmentDisposable
    private let disposed = Atomic<Bool>(false)

    /// Creates a disposable that disposes `disposable` on `scheduler`.
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler on which `disposable` is disposed, once, when this is disposed.
    ///   - disposable: The disposable.
    public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        let inner = SingleAssignmentDisposable()
        inner.setDisposable(disposable)
        self.inner = inner
    }

    /// Whether disposal was requested.
    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Schedules the disposal.
    public func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let inner = self.inner
        _ = scheduler.schedule(()) { _ in
            inner.dispose()
            return Disposables.create()
        }
    }
}
