extension ObservableType {
    /// Maps each element to a sequence and merges the elements of all of them.
    ///
    /// ```
    /// source:                    -1----2----|
    /// flatMap { [$0, $0 * 10] }: -(1 10)-(2 20)-|
    /// ```
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        mergeInner(selector)
    }
}
