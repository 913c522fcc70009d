extension ObservableType {
    /// Continues with `handler`'s sequence on error.
    ///
    /// - Parameters:
    ///   - handler: Makes the sequence to continue with from the error; a thrown error fails the result.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(
        _ handler: @escaping @isolated(any) (Swift.Error) throws -> Observable<Element>
    ) -> Observable<Element> {
        return self.catch(handler)
    }

    /// Emits `element` and completes on error.
    ///
    /// - Parameter element: The element emitted, before completing, in place of an error.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Observable<Element> {
        catchAndReturn(element)
    }
}
