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
    ///   - isolation: The caller's isolation (the default). Closures passed from actor-isolated code run only
    ///     on that actor: called anywhere else, they stop the program with a message.
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Source.Element> {
        let selector = confined(selector, to: isolation, in: "flatMapFirst")
        return mergeInner(selector, maxConcurrent: 1, overflow: .drop)
    }
}
