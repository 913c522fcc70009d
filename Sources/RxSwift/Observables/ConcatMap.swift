extension ObservableType {
    /// Maps each element to a sequence and concatenates them: each one is subscribed only after
    /// the previous one completes.
    ///
    /// ```
    /// source:      -1-------2-------|
    /// concatMap:   -(1a 1b)-(2a 2b)-|
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded; a thrown error fails the
    ///     result.
    @_disfavoredOverload
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping @isolated(any) (Element) throws -> Source
    ) -> Observable<Source.Element> {
        let (selector, actor) = Isolation.split(selector)
        return delivered(on: actor).mergeInner({ try selector($0).asObservable() }, maxConcurrent: 1, kind: "concatMap")
    }

    /// `concatMap` for a selector that returns an `Observable`: the same operator, declared with the
    /// concrete result type so that the type checker settles a chain after it without trying
    /// every sequence type (see ARCHITECTURE.md, "Type-checking cost"), and the selector called
    /// as it is, with no conversion. The generic form above
    /// takes any `ObservableConvertibleType` (`Single`, `Driver`, …).
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded; a thrown
    ///     error fails the result.
    public func concatMap<Result>(
        _ selector: @escaping @isolated(any) (Element) throws -> Observable<Result>
    ) -> Observable<Result> {
        let (selector, actor) = Isolation.split(selector)
        return delivered(on: actor).mergeInner(selector, maxConcurrent: 1, kind: "concatMap")
    }
}

extension ObservableType {
    /// Runs `transform` on each element in turn, one call at a time and in the elements' order,
    /// and forwards each result.
    ///
    /// ```swift
    /// let uploads = photos.concatMap { photo in try await uploader.upload(photo) }
    /// ```
    ///
    /// Each call runs in a task of its own, started when the previous call has delivered its result, and cancelled when the subscription is disposed; a cancelled task delivers nothing. The results are delivered on the actor of the
    /// code that built the chain (`@MainActor` code receives them on the main actor, as code after
    /// an `await` would), or, built in nonisolated code, on the thread of the task that made each.
    ///
    /// - Parameters:
    ///   - transform: The asynchronous work for each element; its result is forwarded, its thrown
    ///     error fails the result.
    ///   - isolation: The actor the results are delivered on; the caller's by default (from
    ///     nonisolated code, each result arrives on its task's thread).
    @_disfavoredOverload
    public func concatMap<Result>(
        _ transform: @escaping @Sendable (Element) async throws -> Result,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Result> {
        concatMap({ Observable.fromAsync(transform, of: $0, deliveringOn: isolation) })
    }
}
