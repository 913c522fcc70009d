extension ObservableType {
    /// Emits `default` and completes if the source completes without elements.
    ///
    /// ```
    /// source:               |
    /// ifEmpty(default: 9):  (9|)
    /// ```
    ///
    /// - Parameter default: The element emitted when the source completes without elements.
    public func ifEmpty(default: Element) -> Observable<Element> {
        ifEmpty(switchTo: Observable.just(`default`))
    }

    /// Continues with `other` if the source completes without elements.
    ///
    /// - Parameter other: The sequence to switch to when the source completes without elements.
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        let source = asObservable()
        return Observable.deferred {
            var empty = true
            return
                source
                .do(onNext: { _ in empty = false })
                .concat(Observable.deferred { empty ? other : .empty() })
        }
    }
}
