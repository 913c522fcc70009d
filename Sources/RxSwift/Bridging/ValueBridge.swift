/// Hands the outcome of a subscription to one awaiting task, exactly once, whichever comes
/// first: the outcome or the task's cancellation. As in RxSwift, a task that was cancelled before
/// it started waiting still subscribes: an outcome the source delivers during `subscribe` wins,
/// otherwise the subscription is disposed and `CancellationError` thrown.
///
/// Every decision is one step under `lock`; the continuation is resumed and the subscription
/// disposed after the lock is released, so neither a synchronous source nor a cancellation
/// handler can deadlock against it.
final class ValueBridge<Value>: @unchecked Sendable {
    // @unchecked Sendable: `continuation`, `subscription`, `cancelRequested` and `done` are
    // guarded by `lock`.
    private let lock = Lock()
    private var continuation: CheckedContinuation<Value, Swift.Error>?
    private var subscription: Disposable?
    /// The task was cancelled before it started waiting.
    private var cancelRequested = false
    private var done = false

    /// Waits for the outcome of the subscription `subscribe` makes; cancelling the waiting task
    /// disposes the subscription and throws `CancellationError`.
    nonisolated(nonsending) func value(subscribe: @escaping (ValueBridge<Value>) -> Disposable) async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                self.start(continuation, subscribe: subscribe)
            }
        } onCancel: {
            self.cancel()
        }
    }

    private func start(
        _ continuation: CheckedContinuation<Value, Swift.Error>, subscribe: (ValueBridge<Value>) -> Disposable
    ) {
        lock.withLock { self.continuation = continuation }
        let subscription = subscribe(self)
        let (keep, cancelled) = lock.withLock { () -> (Bool, CheckedContinuation<Value, Swift.Error>?) in
            if done { return (false, nil) }
            if cancelRequested {
                done = true
                defer { self.continuation = nil }
                return (false, self.continuation)
            }
            self.subscription = subscription
            return (true, nil)
        }
        if !keep { subscription.dispose() }
        cancelled?.resume(throwing: CancellationError())
    }

    /// The awaiting task was cancelled.
    private func cancel() {
        let (continuation, subscription) = lock.withLock {
            () -> (CheckedContinuation<Value, Swift.Error>?, Disposable?) in
            if done { return (nil, nil) }
            guard let continuation = self.continuation, let subscription = self.subscription else {
                // Not subscribed yet: `start` decides once its `subscribe` returns.
                cancelRequested = true
                return (nil, nil)
            }
            done = true
            self.continuation = nil
            self.subscription = nil
            return (continuation, subscription)
        }
        subscription?.dispose()
        continuation?.resume(throwing: CancellationError())
    }

    /// Delivers `result` unless an outcome was delivered already; disposes the subscription.
    func finish(_ result: Result<Value, Swift.Error>) {
        let (continuation, subscription) = lock.withLock {
            () -> (CheckedContinuation<Value, Swift.Error>?, Disposable?) in
            if done { return (nil, nil) }
            done = true
            defer {
                self.continuation = nil
                self.subscription = nil
            }
            return (self.continuation, self.subscription)
        }
        subscription?.dispose()
        // The value was handed over by the source and is not touched again here.
        nonisolated(unsafe) let outcome = result
        continuation?.resume(with: outcome)
    }
}
