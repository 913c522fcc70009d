extension ObservableType {
    /// Emits `elements` before the source's elements.
    ///
    /// ```
    /// source:          --1-2|
    /// startWith(0):    0-1-2|
    /// ```
    public func startWith(_ elements: Element...) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { observer in
            for element in elements { observer.on(.next(element)) }
            return source.subscribe(observer)
        }
    }
}
