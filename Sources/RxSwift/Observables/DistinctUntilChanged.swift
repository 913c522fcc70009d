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
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping @isolated(any) (Element) throws -> Key
    ) -> Observable<Element> {
        distinctUntilChanged(keySelector, comparer: ==)
    }

    /// Drops elements that `comparer` says equal the previous one.
    ///
    /// - Parameters:
    ///   - comparer: Whether two elements (or keys) are equal; a thrown error fails the sequence.
    public func distinctUntilChanged(
        _ comparer: @escaping @isolated(any) (Element, Element) throws -> Bool
    ) -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: comparer)
    }

    /// Drops elements whose key `comparer` says equals the previous element's key.
    ///
    /// - Parameters:
    ///   - keySelector: Computes the key compared; a thrown error fails the sequence.
    ///   - comparer: Whether two elements (or keys) are equal; a thrown error fails the sequence.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping @isolated(any) (Element) throws -> Key,
        comparer: @escaping @isolated(any) (Key, Key) throws -> Bool
    ) -> Observable<Element> {
        let (keySelector, keySelectorActor) = Isolation.split(keySelector)
        let (comparer, comparerActor) = Isolation.split(comparer)
        let source = delivered(on: Isolation.first(keySelectorActor, comparerActor))
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
