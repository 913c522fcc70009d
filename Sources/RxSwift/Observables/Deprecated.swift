extension ObservableType {
    /// Continues with `handler`'s sequence on error.
    ///
    /// - Parameters:
    ///   - handler: Makes the sequence to continue with from the error; a thrown error fails the result.
    ///   - isolation: The caller's isolation (the default). Closures passed from actor-isolated code run only
    ///     on that actor: called anywhere else, they stop the program with a message.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(
        _ handler: @escaping (Swift.Error) throws -> Observable<Element>, isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        let handler = confined(handler, to: isolation, in: "catchError")
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
