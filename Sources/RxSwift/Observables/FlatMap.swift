extension ObservableType {
    /// Maps each element to a sequence and merges the elements of all of them.
    ///
    /// ```
    /// source:                    -1----2----|
    /// flatMap { [$0, $0 * 10] }: -(1 10)-(2 20)-|
    /// ```
    ///
    /// - Parameter selector: Maps each element to the sequence whose elements are forwarded; a thrown error fails the
    ///   result.
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        mergeInner(selector)
    }
}
