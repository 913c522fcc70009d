final class SkipWhileSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `skipping` is touched only by serial deliveries.
    private let predicate: (Element) throws -> Bool
    private var skipping = true

    init(predicate: @escaping (Element) throws -> Bool, downstream: Link) {
        self.predicate = predicate
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        guard skipping else { return forwardNext(element) }
        guard !isDisposed else { return }
        do {
            skipping = try predicate(element)
            if !skipping { forwardNext(element) }
        } catch {
            forwardError(error)
        }
    }
}

extension ObservableType {
    /// Skips elements while `predicate` holds, then emits every element.
    ///
    /// ```
    /// source:                   1-2-3-1|
    /// skip(while: { $0 < 3 }):  ----3-1|
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Whether to keep skipping; a thrown error fails the sequence.
    ///   - isolation: The caller's isolation (the default). Closures passed from actor-isolated code run only
    ///     on that actor: called anywhere else, they stop the program with a message.
    public func skip(
        while predicate: @escaping (Element) throws -> Bool, isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        let predicate = confined(predicate, to: isolation, in: "skip")
        let source = asObservable()
        return OperatorObservable { downstream in
            SkipWhileSink(predicate: predicate, downstream: downstream).run(source)
        }
    }

    /// Skips elements while `predicate` holds.
    ///
    /// - Parameters:
    ///   - predicate: Whether to keep skipping; a thrown error fails the sequence.
    ///   - isolation: The caller's isolation (the default). Closures passed from actor-isolated code run only
    ///     on that actor: called anywhere else, they stop the program with a message.
    @available(*, deprecated, renamed: "skip(while:)")
    public func skipWhile(
        _ predicate: @escaping (Element) throws -> Bool, isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        let predicate = confined(predicate, to: isolation, in: "skipWhile")
        return skip(while: predicate)
    }
}
