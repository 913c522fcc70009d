// One mechanism for every sequence made of an `async` closure: `Observable.create(work:)`,
// `Single.create(work:)`, `Maybe.create(work:)`, `Completable.create(work:)` and the `async`
// overloads of `flatMap`,
// `flatMapLatest`, `flatMapFirst` and `concatMap`. Each subscription runs the closure once, in a
// task of its own; disposing the subscription cancels the task, and a cancelled task delivers
// nothing. The outcome is delivered on the actor of the code that built the sequence (the
// caller's `#isolation`), so `@MainActor` code receives it on the main actor, as code after an
// `await` in that code would; from nonisolated code, on the task's thread, where it was made.

extension Observable {
    /// The events of `work`, run in a task per subscription: the elements it sends, then the one
    /// it returns (if any) and completion, or its error. Delivered on `isolation` (an actor), or on
    /// the task's thread when it is `nil`; nothing is delivered once the task is cancelled (the
    /// subscription disposed), not even the `CancellationError` the work may throw then.
    static func fromAsync(
        detached: Bool = false, priority: TaskPriority? = nil, deliveringOn isolation: (any Actor)?,
        sending work: @escaping @Sendable (AsyncObserver<Element>) async throws -> Element?
    ) -> Observable<Element> {
        Observable.create { observer in
            let sender = AsyncObserver(observer, isolation: isolation)
            // On a virtual-time scheduler that runs tasks (RxTest's), the task's steps run there,
            // and the scheduler counts the task until it has delivered.
            let executor = TaskExecutorPreference.current
            let tracker = executor as? VirtualTaskTracking
            tracker?.taskStarted()
            let run: @Sendable () async -> Void = {
                let outcome: Result<Element?, Swift.Error>
                do {
                    outcome = .success(try await work(sender))
                } catch {
                    outcome = .failure(error)
                }
                await sender.finish(outcome)
                tracker?.taskFinished()
            }
            let task =
                detached
                ? Task.detached(executorPreference: executor, priority: priority, operation: run)
                : Task(executorPreference: executor, priority: priority, operation: run)
            return Disposables.create { task.cancel() }
        }
    }

    /// The outcome of `work`, run in a task per subscription: its element (none when it returns
    /// `nil`) and completion, or its error (see `fromAsync(detached:priority:deliveringOn:sending:)`).
    static func fromAsync(
        detached: Bool = false, priority: TaskPriority? = nil, deliveringOn isolation: (any Actor)?,
        _ work: @escaping @Sendable () async throws -> Element?
    ) -> Observable<Element> {
        fromAsync(detached: detached, priority: priority, deliveringOn: isolation, sending: { _ in try await work() })
    }
}

extension ObservableType {
    /// An `Observable` whose events come from `work`, run in a new task on each subscription:
    /// the elements it sends (`await observer.send(element)`), then completion when it returns,
    /// or its thrown error. Disposing the subscription cancels the task, and a cancelled task
    /// delivers nothing.
    ///
    /// ```swift
    /// let pages = Observable<Page>.create { observer in
    ///     var next: URL? = firstPage
    ///     while let url = next {
    ///         let page = try await api.page(at: url)
    ///         await observer.send(page)
    ///         next = page.next
    ///     }
    /// }
    /// ```
    ///
    /// The events are delivered on the actor of the code that made the sequence (`@MainActor`
    /// code gets them on the main actor; each `send` returns once its element was delivered), or,
    /// made in nonisolated code, on the task's thread.
    ///
    /// - Parameters:
    ///   - detached: Whether the task is detached from the current actor.
    ///   - priority: The priority of the task that runs `work`.
    ///   - work: The asynchronous work; it sends the elements, one `send` at a time.
    ///   - isolation: The actor the events are delivered on; the caller's by default.
    public static func create(
        detached: Bool = false, priority: TaskPriority? = nil,
        work: @escaping @Sendable (AsyncObserver<Element>) async throws -> Void, isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        Observable.fromAsync(detached: detached, priority: priority, deliveringOn: isolation) { observer in
            try await work(observer)
            return nil
        }
    }
}

/// What the work of `Observable.create(work:)` sends its elements to.
public struct AsyncObserver<Element>: Sendable {
    // The subscription's observer, called only by the task that runs the work, one awaited call
    // at a time (the work's contract: one `send` at a time), so never concurrently.
    nonisolated(unsafe) private let observer: AnyObserver<Element>
    private let isolation: (any Actor)?

    init(_ observer: AnyObserver<Element>, isolation: (any Actor)?) {
        self.observer = observer
        self.isolation = isolation
    }

    /// Delivers `element` (on the actor the sequence was made on, if any) and returns once it
    /// was; does nothing once the task is cancelled.
    ///
    /// - Parameter element: The next element.
    public func send(_ element: Element) async {
        // Handed over once: the work does not touch it after sending it.
        nonisolated(unsafe) let next: Result<Element?, Swift.Error> = .success(element)
        await AsyncWorkDelivery.deliver(next, to: observer, on: isolation, completing: false)
    }

    /// Delivers the work's outcome: its last element (if any) and completion, or its error.
    func finish(_ outcome: Result<Element?, Swift.Error>) async {
        // Handed over once: the task does not touch the outcome again.
        nonisolated(unsafe) let outcome = outcome
        await AsyncWorkDelivery.deliver(outcome, to: observer, on: isolation, completing: true)
    }
}

/// Where an async closure's outcome meets its observer.
enum AsyncWorkDelivery {
    /// Delivers `outcome` on `isolation` (running there: the parameter is `isolated`), unless the
    /// task was cancelled: disposal on that actor and this delivery cannot interleave. An element
    /// sent on its way (`completing` false) is delivered without completion.
    static func deliver<Element>(
        _ outcome: Result<Element?, Swift.Error>, to observer: AnyObserver<Element>,
        on isolation: isolated (any Actor)?, completing: Bool
    ) {
        guard !Task.isCancelled else { return }
        switch outcome {
        case .success(let element):
            if let element { observer.onNext(element) }
            if completing { observer.onCompleted() }
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
