// Async code on virtual time. A virtual-time scheduler may own a task executor (RxTest's
// `TestScheduler` does): while it runs its actions, that executor is the preference of every task
// the library starts for an `async` closure (`Observable.fromAsync`), so those tasks' steps run on
// the scheduler's thread, between its virtual events, instead of on the global executor.

/// The task executor the library's tasks prefer where they start.
package enum TaskExecutorPreference {
    /// Bound while a virtual-time scheduler with a task executor runs its actions, and in the tasks
    /// that run on that executor.
    @TaskLocal package static var current: (any TaskExecutor)?
}

extension VirtualTimeScheduler {
    /// Runs `body` with this scheduler's task executor (if any) as the preference of the tasks the
    /// library starts meanwhile.
    func withTaskExecutorPreference(_ body: () -> Void) {
        guard let executor = taskExecutor else { return body() }
        TaskExecutorPreference.$current.withValue(executor, operation: body)
    }
}

/// A virtual-time task executor that counts the tasks the library starts for `async` closures
/// while its scheduler runs (RxTest's), so that a test can let them settle between virtual events
/// (`TestScheduler.startSettling`).
package protocol VirtualTaskTracking: AnyObject, Sendable {
    /// A task for an `async` closure was started.
    func taskStarted()
    /// That task has delivered its outcome (or was cancelled) and ends.
    func taskFinished()
}
