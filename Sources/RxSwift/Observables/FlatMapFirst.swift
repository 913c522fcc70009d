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
    /// - Parameter selector: Maps each element to the sequence whose elements are forwarded; a thrown error fails the
    ///   result.
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        mergeInner(selector, maxConcurrent: 1, overflow: .drop)
    }
}
