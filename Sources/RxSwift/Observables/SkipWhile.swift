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
    public func skip(
        while predicate: @escaping @isolated(any) (Element) throws -> Bool
    ) -> Observable<Element> {
        let (predicate, predicateActor) = Isolation.split(predicate)
        let source = delivered(on: predicateActor)
        return OperatorObservable { downstream in
            SkipWhileSink(predicate: predicate, downstream: downstream).run(source)
        }
    }

    /// Skips elements while `predicate` holds.
    ///
    /// - Parameters:
    ///   - predicate: Whether to keep skipping; a thrown error fails the sequence.
    @available(*, deprecated, renamed: "skip(while:)")
    public func skipWhile(
        _ predicate: @escaping @isolated(any) (Element) throws -> Bool
    ) -> Observable<Element> {
        skip(while: predicate)
    }
}
