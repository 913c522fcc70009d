extension ObservableType {
    /// Maps each element to a sequence and concatenates them: each one is subscribed only after
    /// the previous one completes.
    ///
    /// ```
    /// source:       -1-2|
    /// concatMap:    -(1a 1b)(2a 2b)|
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded; a thrown error fails the
    ///     result.
    ///   - isolation: The caller's isolation (the default). Closures passed from actor-isolated code run only
    ///     on that actor: called anywhere else, they stop the program with a message.
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Source.Element> {
        let selector = confined(selector, to: isolation, in: "concatMap")
        return mergeInner(selector, maxConcurrent: 1)
    }
}
