/// Hands the outcome of a subscription to one awaiting task, exactly once, whichever comes
/// first: the outcome, the task's cancellation, or (before the task started waiting)
/// cancellation that was already requested.
///
/// Every decision is one step under `lock`; the continuation is resumed and the subscription
/// disposed after the lock is released, so neither a synchronous source nor a cancellation
/// handler can deadlock against it.
final class ValueBridge<Value>: @unchecked Sendable {
    // @unchecked Sendable: `continuation`, `subscription`, `early` and `done` are guarded by
    // `lock`.
    private let lock = Lock()
    private var continuation: CheckedContinuation<Value, Swift.Error>?
    private var subscription: Disposable?
    /// An outcome decided before the task started waiting (it was cancelled first).
    private var early: Result<Value, Swift.Error>?
    private var done = false

    /// Waits for the outcome of the subscription `subscribe` makes; cancelling the waiting task
    /// disposes the subscription and throws `CancellationError`.
    nonisolated(nonsending) func value(subscribe: @escaping (ValueBridge<Value>) -> Disposable) async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                self.start(continuation, subscribe: subscribe)
            }
        } onCancel: {
            self.finish(.failure(CancellationError()))
        }
    }

    private func start(_ continuation: CheckedContinuation<Value, Swift.Error>, subscribe: (ValueBridge<Value>) -> Disposable) {
        let decided = lock.withLock { () -> Result<Value, Swift.Error>? in
            if let early { return early }
            self.continuation = continuation
            return nil
        }
        if let decided {
            nonisolated(unsafe) let outcome = decided
            return continuation.resume(with: outcome)
        }
        let subscription = subscribe(self)
        let keep = lock.withLock { () -> Bool in
            if done { return false }
            self.subscription = subscription
            return true
        }
        if !keep { subscription.dispose() }
    }

    /// Delivers `result` unless an outcome was delivered already; disposes the subscription.
    func finish(_ result: Result<Value, Swift.Error>) {
        let (continuation, subscription) = lock.withLock { () -> (CheckedContinuation<Value, Swift.Error>?, Disposable?) in
            if done { return (nil, nil) }
            done = true
            defer {
                self.continuation = nil
                self.subscription = nil
            }
            if self.continuation == nil { early = result }
            return (self.continuation, self.subscription)
        }
        subscription?.dispose()
        // The value was handed over by the source and is not touched again here.
        nonisolated(unsafe) let outcome = result
        continuation?.resume(with: outcome)
    }
}
