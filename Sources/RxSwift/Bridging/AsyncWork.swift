// One mechanism for every sequence made of an `async` closure: `Single.create(work:)`,
// `Maybe.create(work:)`, `Completable.create(work:)` and the `async` overloads of `flatMap`,
// `flatMapLatest`, `flatMapFirst` and `concatMap`. Each subscription runs the closure once, in a
// task of its own; disposing the subscription cancels the task, and a cancelled task delivers
// nothing. The outcome is delivered on the actor of the code that built the sequence (the
// caller's `#isolation`), so `@MainActor` code receives it on the main actor, as code after an
// `await` in that code would; from nonisolated code, on the task's thread, where it was made.

extension Observable {
    /// The outcome of `work`, run in a task per subscription: its element (none when it returns
    /// `nil`) and completion, or its error. Delivered on `isolation` (an actor), or on the task's
    /// thread when it is `nil`; nothing is delivered once the task is cancelled (the subscription
    /// disposed), not even the `CancellationError` the work may throw then.
    static func fromAsync(
        detached: Bool = false, priority: TaskPriority? = nil, deliveringOn isolation: (any Actor)?,
        _ work: @escaping @Sendable () async throws -> Element?
    ) -> Observable<Element> {
        Observable.create { observer in
            // Handed to the task, which is the only one to call it (once, then completion).
            nonisolated(unsafe) let observer = observer
            let run: @Sendable () async -> Void = {
                let outcome: Result<Element?, Swift.Error>
                do {
                    outcome = .success(try await work())
                } catch {
                    outcome = .failure(error)
                }
                // Handed over once: the task does not touch the outcome again.
                nonisolated(unsafe) let handedOver = outcome
                await AsyncWorkDelivery.deliver(handedOver, to: observer, on: isolation)
            }
            // On a virtual-time scheduler that runs tasks (RxTest's), the task's steps run there.
            let executor = TaskExecutorPreference.current
            let task =
                detached
                ? Task.detached(executorPreference: executor, priority: priority, operation: run)
                : Task(executorPreference: executor, priority: priority, operation: run)
            return Disposables.create { task.cancel() }
        }
    }
}

/// Where an async closure's outcome meets its observer.
enum AsyncWorkDelivery {
    /// Delivers `outcome` on `isolation` (running there: the parameter is `isolated`), unless the
    /// task was cancelled: disposal on that actor and this delivery cannot interleave.
    static func deliver<Element>(
        _ outcome: Result<Element?, Swift.Error>, to observer: AnyObserver<Element>,
        on isolation: isolated (any Actor)?
    ) {
        guard !Task.isCancelled else { return }
        switch outcome {
        case .success(let element):
            if let element { observer.onNext(element) }
            observer.onCompleted()
        case .failure(let error):
            observer.onError(error)
        }
    }
}

extension Observable {
    /// `transform(input)` run in a task per subscription (`fromAsync`): the sequence an `async`
    /// overload of `flatMap`, `flatMapLatest`, `flatMapFirst` or `concatMap` makes of an element.
    static func fromAsync<Input>(
        _ transform: @escaping @Sendable (Input) async throws -> Element, of input: Input,
        deliveringOn isolation: (any Actor)?
    ) -> Observable<Element> {
        // The element goes to the task as `observe(on:)` hands one to another thread: once, to be
        // read there.
        nonisolated(unsafe) let input = input
        return fromAsync(deliveringOn: isolation) { try await transform(input) }
    }
}
