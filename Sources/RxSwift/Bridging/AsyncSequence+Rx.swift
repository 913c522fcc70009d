extension AsyncSequence where Self: Sendable {
    /// The sequence as an `Observable`: each subscription iterates it in a new detached task
    /// with `priority`; disposing the subscription cancels the task. A thrown error fails the
    /// Observable, unless the task was cancelled (the subscription was disposed, so nothing more
    /// is delivered).
    ///
    /// - Parameter priority: The priority of the task that iterates the sequence.
    public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
        Observable.create { observer in
            // Delivers each element on the task's thread, where it was made, as any source sending
            // from a thread of its own; `observer` is Sendable only for Sendable elements.
            nonisolated(unsafe) let observer = observer
            let task = Task.detached(priority: priority) {
                do {
                    for try await element in self {
                        observer.onNext(element)
                    }
                    observer.onCompleted()
                } catch  where !Task.isCancelled {
                    observer.onError(error)
                } catch {
                    // Disposed: nothing more is delivered.
                }
            }
            return Disposables.create { task.cancel() }
        }
    }
}
