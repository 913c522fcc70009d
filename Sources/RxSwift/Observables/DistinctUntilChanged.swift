final class DistinctUntilChangedSink<Element, Key>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `lastKey` is touched only by serial deliveries.
    private let keySelector: (Element) throws -> Key
    private let comparer: (Key, Key) throws -> Bool
    private var lastKey: Key?

    init(
        keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool, downstream: Link
    ) {
        self.keySelector = keySelector
        self.comparer = comparer
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        guard !isDisposed else { return }
        do {
            let key = try keySelector(element)
            if let lastKey, try comparer(lastKey, key) { return }
            lastKey = key
            forwardNext(element)
        } catch {
            forwardError(error)
        }
    }
}

extension ObservableType where Element: Equatable {
    /// Drops elements equal to the one before them.
    ///
    /// ```
    /// source:                  1-1-2-2-1|
    /// distinctUntilChanged():  1---2---1|
    /// ```
    public func distinctUntilChanged() -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: ==)
    }
}

extension ObservableType {
    /// Drops elements whose key equals the previous element's key.
    ///
    /// - Parameters:
    ///   - keySelector: Computes the key compared; a thrown error fails the sequence.
    ///   - isolation: The caller's isolation (the default). Closures passed from actor-isolated code run only
    ///     on that actor: called anywhere else, they stop the program with a message.
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) throws -> Key,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        let keySelector = confined(keySelector, to: isolation, in: "distinctUntilChanged")
        return distinctUntilChanged(keySelector, comparer: ==)
    }

    /// Drops elements that `comparer` says equal the previous one.
    ///
    /// - Parameters:
    ///   - comparer: Whether two elements (or keys) are equal; a thrown error fails the sequence.
    ///   - isolation: The caller's isolation (the default). Closures passed from actor-isolated code run only
    ///     on that actor: called anywhere else, they stop the program with a message.
    public func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) throws -> Bool, isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        let comparer = confined(comparer, to: isolation, in: "distinctUntilChanged")
        return distinctUntilChanged({ $0 }, comparer: comparer)
    }

    /// Drops elements whose key `comparer` says equals the previous element's key.
    ///
    /// - Parameters:
    ///   - keySelector: Computes the key compared; a thrown error fails the sequence.
    ///   - comparer: Whether two elements (or keys) are equal; a thrown error fails the sequence.
    ///   - isolation: The caller's isolation (the default). Closures passed from actor-isolated code run only
    ///     on that actor: called anywhere else, they stop the program with a message.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        let keySelector = confined(keySelector, to: isolation, in: "distinctUntilChanged")
        let comparer = confined(comparer, to: isolation, in: "distinctUntilChanged")
        let source = asObservable()
        return OperatorObservable { downstream in
            DistinctUntilChangedSink(keySelector: keySelector, comparer: comparer, downstream: downstream).run(source)
        }
    }

    /// Drops elements whose value at `keyPath` equals the previous element's.
    ///
    /// - Parameter keyPath: The key path of the value compared.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Observable<Element>
    {
        distinctUntilChanged({ $0[keyPath: keyPath] }, comparer: ==)
    }
}
