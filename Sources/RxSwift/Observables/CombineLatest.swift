/// One source of `combineLatest` and its latest element, kept in a cell of its own type, so that
/// storing and reading it involves no boxing, no dynamic cast and no generic container.
///
/// It also keeps a snapshot: the value the delivering thread combines outside the lock, while
/// other threads may already store newer values.
final class LatestElement<Element>: MultiSourceCell {
    private let source: Observable<Element>
    private let cell = UnsafeMutablePointer<Element>.allocate(capacity: 2)
    private var hasValue = false
    private var hasSnapshot = false

    init<Source: ObservableConvertibleType>(_ source: Source) where Source.Element == Element {
        self.source = source.asObservable()
    }

    override func subscribe(_ receiver: MultiSourceReceiver, index: Int) -> Disposable {
        subscribeMultiSource(source, receiver, index: index, store: store)
    }

    deinit {
        if hasValue { cell.deinitialize(count: 1) }
        if hasSnapshot { (cell + 1).deinitialize(count: 1) }
        cell.deallocate()
    }

    /// Copies the value into the snapshot (under the operator's lock); never empties the cell.
    override func takeSnapshot() -> Int {
        if hasSnapshot {
            (cell + 1).pointee = cell.pointee
        } else {
            (cell + 1).initialize(to: cell.pointee)
            hasSnapshot = true
        }
        return 0
    }

    override var emptied: Int { 0 }

    /// The value at the last `takeSnapshot`.
    var snapshot: Element { (cell + 1).pointee }

    /// Stores `element`; returns whether it is the source's first.
    func store(_ element: Element) -> Bool {
        // Single-value assignments: the `count:` forms go through the run-time's array copy.
        if hasValue {
            cell.pointee = element
            return false
        }
        cell.initialize(to: element)
        hasValue = true
        return true
    }

    /// The latest element, for a combination made later; only read once the source has emitted.
    func take() -> Element { cell.pointee }
}

/// The latest elements of a collection's sources, in one array: a new element replaces one
/// value in place (the array is not shared between emissions, so nothing is copied), and a
/// snapshot is the array itself. Guarded by the operator's lock, like the cells' storage; the
/// snapshot is read by the delivering thread (see `LatestElement`).
///
/// Inlinable, and used only from closures made in the inlinable `combineLatest`: compiled in the
/// caller's module for the element type, so that the array operations per emission look no
/// generic metadata up (in the library's generic code each one asked the run-time for
/// `Array<Element>`'s metadata).
@usableFromInline
final class LatestValues<Element> {
    // Guarded by the operator's lock: run-time exclusivity checks would only cost time.
    /// Until every source has emitted; then `current` holds them all.
    @usableFromInline @exclusivity(unchecked) var pending: [Element?]
    @usableFromInline @exclusivity(unchecked) var missing: Int
    @usableFromInline @exclusivity(unchecked) var current: [Element] = []
    @usableFromInline @exclusivity(unchecked) var snapshot: [Element] = []

    @inlinable
    init(count: Int) {
        pending = Array(repeating: nil, count: count)
        missing = count
    }

    /// Stores `element` as source `index`'s latest; returns whether it is that source's first.
    @inlinable
    func store(_ element: Element, at index: Int) -> Bool {
        if missing == 0 {
            current[index] = element
            return false
        }
        return storeFirst(element, at: index)
    }

    /// `store` while some source has not emitted yet.
    @inlinable @inline(never)
    func storeFirst(_ element: Element, at index: Int) -> Bool {
        let first = pending[index] == nil
        pending[index] = element
        if first {
            missing -= 1
            if missing == 0 {
                current = pending.map { $0.unsafelyUnwrapped }
                pending = []
            }
        }
        return first
    }

    /// Under the lock: the values to combine outside it.
    @inlinable
    func snapshotAll() {
        snapshot = current
    }

    /// The values of the last `snapshotAll`, handed over, so that the next `store` finds the
    /// array unshared.
    @inlinable
    func takeSnapshot() -> [Element] {
        let taken = snapshot
        snapshot = []
        return taken
    }
}

/// One source of `combineLatest` over a collection: it stores into the shared `LatestValues`
/// with `store` (made in the caller's module: see `LatestValues`).
@usableFromInline
final class LatestSlot<Element>: MultiSourceCell {
    private let source: Observable<Element>
    private let store: (Element, Int) -> Bool

    @usableFromInline
    init(_ source: Observable<Element>, store: @escaping (Element, Int) -> Bool) {
        self.source = source
        self.store = store
    }

    /// `index` is the source's place in the collection, and so in the values.
    override func subscribe(_ receiver: MultiSourceReceiver, index: Int) -> Disposable {
        let store = self.store
        return subscribeMultiSource(source, receiver, index: index) { store($0, index) }
    }

    override func takeSnapshot() -> Int { 0 }

    override var emptied: Int { 0 }
}

extension ObservableType {
    /// Combines the latest elements of every sequence with `resultSelector`, whenever any of them
    /// emits (once all have emitted). Completes when all complete; the first error terminates it.
    ///
    /// ```
    /// a:              1-----2-------|
    /// b:              ---x------y---|
    /// combineLatest:  ---1x-2x--2y--|
    /// ```
    ///
    /// - Parameters:
    ///   - collection: The sources.
    ///   - resultSelector: Makes each element of the result; a thrown error fails the result.
    @inlinable
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping @isolated(any) ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        let (resultSelector, resultSelectorActor) = Isolation.split(resultSelector)
        let sources = collection.map { $0.delivered(on: resultSelectorActor) }
        // Every closure that touches the values is made here, so compiled for their type in the
        // caller's module (see `LatestValues`).
        return MultiSourceObservable(rule: .latest) {
            let values = LatestValues<Collection.Element.Element>(count: sources.count)
            return MultiSourceParts(
                cells: sources.map { LatestSlot($0, store: { values.store($0, at: $1) }) },
                combineSnapshot: { try resultSelector(values.takeSnapshot()) },
                combineLater: {
                    let taken = values.current
                    return { try resultSelector(taken) }
                },
                snapshotAll: { values.snapshotAll() })
        }
    }

    /// Combines the latest elements of every sequence into an array whenever any of them emits.
    ///
    /// - Parameter collection: The sources.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]>
    where Collection.Element: ObservableType, Collection.Element.Element == Element {
        Observable<[Element]>.combineLatest(collection) { $0 }
    }
}
