extension ObservableType {
    /// Pairs each element with `object`, held weakly; completes once `object` is gone.
    ///
    /// ```
    /// source:             1-----2-----3|
    /// withUnretained(o):  (o,1)-(o,2)-|
    /// ```
    ///
    /// Here `o` is deallocated between 2 and 3: the sequence completes when 3 arrives.
    ///
    /// - Parameters:
    ///   - object: The object paired with each element, held weakly: the sequence completes once it is gone.
    ///   - resultSelector: Makes each element of the result from the object and an element.
    public func withUnretained<Object: AnyObject, Result>(
        _ object: Object, resultSelector: @escaping @isolated(any) (Object, Element) throws -> Result
    ) -> Observable<Result> {
        let (resultSelector, resultSelectorActor) = Isolation.split(resultSelector)
        let source = delivered(on: resultSelectorActor)
        return Observable.deferred { [weak object] in
            source
                .take(while: { _ in object != nil })
                .compactMap { element in
                    guard let object else { return nil }
                    return try resultSelector(object, element)
                }
        }
    }

    /// Pairs each element with `object`, held weakly; completes once `object` is gone.
    ///
    /// - Parameter object: The object paired with each element, held weakly: the sequence completes once it is gone.
    public func withUnretained<Object: AnyObject>(_ object: Object) -> Observable<(Object, Element)> {
        withUnretained(object) { ($0, $1) }
    }
}
