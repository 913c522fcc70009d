extension ObservableType {
    /// Maps each element to a sequence and merges the elements of all of them.
    ///
    /// ```
    /// source:                    -1----2----|
    /// flatMap { [$0, $0 * 10] }: -(1 10)-(2 20)-|
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded; a thrown error fails the
    ///     result.
    ///   - isolation: The caller's isolation (the default). Closures passed from actor-isolated code run only
    ///     on that actor: called anywhere else, they stop the program with a message.
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Source.Element> {
        let selector = confined(selector, to: isolation, in: "flatMap")
        return mergeInner(selector)
    }
}
