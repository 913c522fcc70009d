import Synchronization

/// Collects disposables and disposes them all when the bag is deallocated: the usual way to tie
/// subscriptions to an owner's lifetime. Adding to a bag that is being torn down disposes at once.
public final class DisposeBag: Sendable {
    private struct State {
        var disposables: [Disposable] = []
        var disposed = false
    }

    private let state = Mutex(State())

    /// Creates an empty bag.
    public init() {}

    /// Creates a bag holding `disposables`.
    public convenience init(disposing disposables: Disposable...) {
        self.init()
        insert(disposables)
    }

    /// Creates a bag holding what `builder` returns.
    public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
        self.init()
        insert(builder())
    }

    /// Creates a bag holding `disposables`.
    public convenience init(disposing disposables: [Disposable]) {
        self.init()
        insert(disposables)
    }

    /// Adds `disposable` to the bag.
    public func insert(_ disposable: Disposable) {
        insert([disposable])
    }

    /// Adds `disposables` to the bag.
    public func insert(_ disposables: Disposable...) {
        insert(disposables)
    }

    /// Adds what `builder` returns to the bag.
    public func insert(@DisposableBuilder builder: () -> [Disposable]) {
        insert(builder())
    }

    /// Adds `disposables` to the bag.
    public func insert(_ disposables: [Disposable]) {
        let rejected = state.withLock { locked -> Bool in
            if locked.disposed { return true }
            locked.disposables.append(contentsOf: disposables)
            return false
        }
        if rejected { disposables.forEach { $0.dispose() } }
    }

    deinit {
        let all = state.withLock { locked -> [Disposable] in
            locked.disposed = true
            defer { locked.disposables = [] }
            return locked.disposables
        }
        for disposable in all { disposable.dispose() }
    }

    /// Builds an array of disposables from a block of expressions.
    @resultBuilder
    public enum DisposableBuilder {
        /// Collects the block's disposables.
        public static func buildBlock(_ disposables: Disposable...) -> [Disposable] { disposables }
    }
}

extension Disposable {
    /// Adds this disposable to `bag`, so it is disposed when the bag is deallocated.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
