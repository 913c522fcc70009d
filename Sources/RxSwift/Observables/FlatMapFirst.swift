extension ObservableType {
    /// Maps each element to a sequence, but ignores elements that arrive while the previous
    /// sequence is still active.
    ///
    /// ```
    /// source:           -1-2----3-|
    /// inner(1):          --a-b|
    /// flatMapFirst:     ---a-b----…
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded; a thrown error fails the
    ///     result.
    @_disfavoredOverload
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping @isolated(any) (Element) throws -> Source
    ) -> Observable<Source.Element> {
        let (selector, actor) = Isolation.split(selector)
        return delivered(on: actor).mergeInner(
            { try selector($0).asObservable() }, maxConcurrent: 1, overflow: .drop, kind: "flatMapFirst")
    }

    /// `flatMapFirst` for a selector that returns an `Observable`: the same operator, declared with the
    /// concrete result type so that the type checker settles a chain after it without trying
    /// every sequence type (see ARCHITECTURE.md, "Type-checking cost"), and the selector called
    /// as it is, with no conversion. The generic form above
    /// takes any `ObservableConvertibleType` (`Single`, `Driver`, …).
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded; a thrown
    ///     error fails the result.
    public func flatMapFirst<Result>(
        _ selector: @escaping @isolated(any) (Element) throws -> Observable<Result>
    ) -> Observable<Result> {
        let (selector, actor) = Isolation.split(selector)
        return delivered(on: actor).mergeInner(selector, maxConcurrent: 1, overflow: .drop, kind: "flatMapFirst")
    }
}

extension ObservableType {
    /// Runs `transform` on an element and forwards its result, ignoring the elements that arrive
    /// while the call is running.
    ///
    /// ```swift
    /// let logins = taps.flatMapFirst { _ in try await session.logIn() }
    /// ```
    ///
    /// Each call runs in a task of its own, cancelled when the subscription is disposed; a cancelled task delivers nothing. The results are delivered on the actor of the
    /// code that built the chain (`@MainActor` code receives them on the main actor, as code after
    /// an `await` would), or, built in nonisolated code, on the thread of the task that made each.
    ///
    /// - Parameters:
    ///   - transform: The asynchronous work for each element; its result is forwarded, its thrown
    ///     error fails the result.
    ///   - isolation: The actor the results are delivered on; the caller's by default (from
    ///     nonisolated code, each result arrives on its task's thread).
    @_disfavoredOverload
    public func flatMapFirst<Result>(
        _ transform: @escaping @Sendable (Element) async throws -> Result,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Result> {
        flatMapFirst({ Observable.fromAsync(transform, of: $0, deliveringOn: isolation) })
    }
}
