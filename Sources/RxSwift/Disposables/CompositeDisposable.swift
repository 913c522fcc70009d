import Synchronization

/// A group of disposables disposed together. Disposables added after the group was disposed are
/// disposed at once.
public final class CompositeDisposable: Cancelable, Sendable {
    /// Identifies a disposable inside the group, for `remove(for:)`.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private struct State {
        var entries: [(key: UInt64, disposable: SendableDisposable)] = []
        var nextKey: UInt64 = 0
        var disposed = false
    }

    private let state = Locked(State())

    /// Creates an empty group.
    public init() {}

    /// Creates a group holding two disposables.
    ///
    /// - Parameters:
    ///   - disposable1: The first disposable.
    ///   - disposable2: The second disposable.
    public convenience init(_ disposable1: Disposable, _ disposable2: Disposable) {
        self.init(disposables: [disposable1, disposable2])
    }

    /// Creates a group holding three disposables.
    ///
    /// - Parameters:
    ///   - disposable1: The first disposable.
    ///   - disposable2: The second disposable.
    ///   - disposable3: The third disposable.
    public convenience init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable) {
        self.init(disposables: [disposable1, disposable2, disposable3])
    }

    /// Creates a group holding four or more disposables.
    ///
    /// - Parameters:
    ///   - disposable1: The first disposable.
    ///   - disposable2: The second disposable.
    ///   - disposable3: The third disposable.
    ///   - disposable4: The fourth disposable.
    ///   - disposables: The disposables.
    public convenience init(
        _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable, _ disposable4: Disposable,
        _ disposables: Disposable...
    ) {
        self.init(disposables: [disposable1, disposable2, disposable3, disposable4] + disposables)
    }

    /// Creates a group holding the given disposables.
    ///
    /// - Parameter disposables: The disposables.
    public init(disposables: [Disposable]) {
        let entries = disposables.enumerated().map {
            (key: UInt64($0.offset), disposable: SendableDisposable($0.element))
        }
        state.withLock { locked in
            locked.entries = entries
            locked.nextKey = UInt64(entries.count)
        }
    }

    /// Adds `disposable`. Returns its key, or `nil` (after disposing it) when the group is disposed.
    ///
    /// - Parameter disposable: The disposable to add; disposed of at once when this is already disposed of.
    @discardableResult
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        let entry = SendableDisposable(disposable)
        let key: UInt64? = state.withLock { locked in
            if locked.disposed { return nil }
            let key = locked.nextKey
            locked.nextKey += 1
            locked.entries.append((key, entry))
            return key
        }
        guard let key else {
            disposable.dispose()
            return nil
        }
        return DisposeKey(value: key)
    }

    /// The number of disposables in the group.
    public var count: Int { state.withLock { $0.entries.count } }

    /// Removes the disposable for `disposeKey` from the group and disposes it.
    ///
    /// - Parameter disposeKey: The key `insert` returned.
    public func remove(for disposeKey: DisposeKey) {
        let removed: SendableDisposable? = state.withLock { locked in
            guard let index = locked.entries.firstIndex(where: { $0.key == disposeKey.value }) else { return nil }
            return locked.entries.remove(at: index).disposable
        }
        removed?.dispose()
    }

    /// Whether the group was disposed.
    public var isDisposed: Bool { state.withLock { $0.disposed } }

    /// Disposes every disposable in the group, in insertion order.
    public func dispose() {
        let all: [(key: UInt64, disposable: SendableDisposable)] = state.withLock { locked in
            if locked.disposed { return [] }
            locked.disposed = true
            defer { locked.entries = [] }
            return locked.entries
        }
        for entry in all { entry.disposable.dispose() }
    }
}
