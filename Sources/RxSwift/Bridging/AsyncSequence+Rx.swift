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

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// A `Single` whose element is the result of `work`, run in a new task on each
    /// subscription (detached from the current actor when `detached`); disposing the
    /// subscription cancels the task.
    ///
    /// ```swift
    /// let profile = Single.create { try await api.profile() }
    /// ```
    ///
    /// - Parameters:
    ///   - detached: Whether the task is detached from the current actor.
    ///   - priority: The priority of the task that runs `work`.
    ///   - work: The asynchronous work; its result is the element, its thrown error the failure.
    public static func create(
        detached: Bool = false, priority: TaskPriority? = nil, work: @escaping @Sendable () async throws -> Element
    ) -> Single<Element> {
        Single(
            raw: Observable.create { observer in
                // Delivers the element on the task's thread, where it was made (see `asObservable`).
                nonisolated(unsafe) let observer = observer
                let body: @Sendable () async -> Void = {
                    do {
                        let element = try await work()
                        observer.onNext(element)
                        observer.onCompleted()
                    } catch  where !Task.isCancelled {
                        observer.onError(error)
                    } catch {
                        // Disposed: nothing more is delivered.
                    }
                }
                let task =
                    detached
                    ? Task.detached(priority: priority, operation: body) : Task(priority: priority, operation: body)
                return Disposables.create { task.cancel() }
            })
    }
}
