extension ObservableType {
    /// Maps each element to a sequence and merges the elements of all of them.
    ///
    /// ```
    /// source:                     -1-------2-------|
    /// flatMap { [$0, $0 * 10] }:  -(1 10)--(2 20)--|
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded; a thrown error fails the
    ///     result.
    @_disfavoredOverload
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping @isolated(any) (Element) throws -> Source
    ) -> Observable<Source.Element> {
        let (selector, actor) = Isolation.split(selector)
        return delivered(on: actor).mergeInner({ try selector($0).asObservable() }, kind: "flatMap")
    }

    /// `flatMap` for a selector that returns an `Observable`: the same operator, declared with the
    /// concrete result type so that the type checker settles a chain after it without trying
    /// every sequence type (see ARCHITECTURE.md, "Type-checking cost"), and the selector called
    /// as it is, with no conversion. The generic form above
    /// takes any `ObservableConvertibleType` (`Single`, `Driver`, …).
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded; a thrown
    ///     error fails the result.
    public func flatMap<Result>(
        _ selector: @escaping @isolated(any) (Element) throws -> Observable<Result>
    ) -> Observable<Result> {
        let (selector, actor) = Isolation.split(selector)
        return delivered(on: actor).mergeInner(selector, kind: "flatMap")
    }
}

extension ObservableType {
    /// Runs `transform` on each element as it arrives, the calls overlapping, and forwards each
    /// result as it is ready.
    ///
    /// ```swift
    /// let thumbnails = urls.flatMap { url in try await loader.thumbnail(at: url) }
    /// ```
    ///
    /// Each call runs in a task of its own; disposing the subscription cancels every task still running, and a cancelled task delivers nothing. The results are delivered on the actor of the
    /// code that built the chain (`@MainActor` code receives them on the main actor, as code after
    /// an `await` would), or, built in nonisolated code, on the thread of the task that made each.
    ///
    /// - Parameters:
    ///   - transform: The asynchronous work for each element; its result is forwarded, its thrown
    ///     error fails the result.
    ///   - isolation: The actor the results are delivered on; the caller's by default (from
    ///     nonisolated code, each result arrives on its task's thread).
    @_disfavoredOverload
    public func flatMap<Result>(
        _ transform: @escaping @Sendable (Element) async throws -> Result,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Result> {
        flatMap({ Observable.fromAsync(transform, of: $0, deliveringOn: isolation) })
    }
}
