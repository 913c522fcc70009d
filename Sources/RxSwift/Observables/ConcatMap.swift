extension ObservableType {
    /// Maps each element to a sequence and concatenates them: each one is subscribed only after
    /// the previous one completes.
    ///
    /// ```
    /// source:       -1-2|
    /// concatMap:    -(1a 1b)(2a 2b)|
    /// ```
    ///
    /// - Parameter selector: Maps each element to the sequence whose elements are forwarded; a thrown error fails the
    ///   result.
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        mergeInner(selector, maxConcurrent: 1)
    }
}
