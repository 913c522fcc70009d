// `Single`, `Maybe` and `Completable` made of an `async` closure (the mechanism: AsyncWork.swift).

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// A `Single` whose element is the result of `work`, run in a new task on each
    /// subscription (detached from the current actor when `detached`); disposing the
    /// subscription cancels the task, and a cancelled task delivers nothing.
    ///
    /// ```swift
    /// let profile = Single.create { try await api.profile() }
    /// ```
    ///
    /// The result is delivered on the actor of the code that made the `Single` (`@MainActor` code
    /// gets it on the main actor, as after an `await`), or, made in nonisolated code, on the
    /// task's thread.
    ///
    /// - Parameters:
    ///   - detached: Whether the task is detached from the current actor.
    ///   - priority: The priority of the task that runs `work`.
    ///   - work: The asynchronous work; its result is the element, its thrown error the failure.
    ///   - isolation: The actor the result is delivered on; the caller's by default.
    public static func create(
        detached: Bool = false, priority: TaskPriority? = nil, work: @escaping @Sendable () async throws -> Element,
        isolation: (any Actor)? = #isolation
    ) -> Single<Element> {
        Single(
            raw: Observable.fromAsync(detached: detached, priority: priority, deliveringOn: isolation) {
                try await work()
            })
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// A `Maybe` of the result of `work`, run in a new task on each subscription: its element, or
    /// completion without one when `work` returns `nil`, or its thrown error. Disposing the
    /// subscription cancels the task, and a cancelled task delivers nothing.
    ///
    /// ```swift
    /// let cached = Maybe.create { await cache.entry(for: key) }
    /// ```
    ///
    /// The outcome is delivered on the actor of the code that made the `Maybe`, or, made in
    /// nonisolated code, on the task's thread.
    ///
    /// - Parameters:
    ///   - detached: Whether the task is detached from the current actor.
    ///   - priority: The priority of the task that runs `work`.
    ///   - work: The asynchronous work; `nil` completes the `Maybe` empty.
    ///   - isolation: The actor the outcome is delivered on; the caller's by default.
    public static func create(
        detached: Bool = false, priority: TaskPriority? = nil, work: @escaping @Sendable () async throws -> Element?,
        isolation: (any Actor)? = #isolation
    ) -> Maybe<Element> {
        Maybe(raw: Observable.fromAsync(detached: detached, priority: priority, deliveringOn: isolation, work))
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// A `Completable` that runs `work` in a new task on each subscription and completes when it
    /// returns, or fails with its thrown error. Disposing the subscription cancels the task, and
    /// a cancelled task delivers nothing.
    ///
    /// ```swift
    /// let saved = Completable.create { try await store.save(draft) }
    /// ```
    ///
    /// The outcome is delivered on the actor of the code that made the `Completable`, or, made in
    /// nonisolated code, on the task's thread.
    ///
    /// - Parameters:
    ///   - detached: Whether the task is detached from the current actor.
    ///   - priority: The priority of the task that runs `work`.
    ///   - work: The asynchronous work.
    ///   - isolation: The actor the outcome is delivered on; the caller's by default.
    public static func create(
        detached: Bool = false, priority: TaskPriority? = nil, work: @escaping @Sendable () async throws -> Void,
        isolation: (any Actor)? = #isolation
    ) -> Completable {
        Completable(
            raw: Observable<Never>.fromAsync(detached: detached, priority: priority, deliveringOn: isolation) {
                try await work()
                return nil
            })
    }
}
