extension ObservableType {
    /// Pairs each element with its zero-based index (counted per subscription).
    ///
    /// ```
    /// source:        a-----b-----c----|
    /// enumerated():  (0,a)-(1,b)-(2,c)|
    /// ```
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        let source = asObservable()
        return Observable.deferred {
            var index = -1
            return source.map { element in
                index += 1
                return (index: index, element: element)
            }
        }
    }
}
