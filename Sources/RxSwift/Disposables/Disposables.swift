import Synchronization

/// Factory functions for disposables.
public enum Disposables {}

/// A disposable that does nothing; one shared instance.
final class NopDisposable: Link, @unchecked Sendable {
    // @unchecked Sendable: stateless.
    static let shared = NopDisposable()
}

/// Runs an action once, on the first `dispose`.
final class AnonymousDisposable: Link, Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `action` is read and cleared only by the caller that wins `disposed`.
    private let disposed = Atomic<Bool>(false)
    private var action: (() -> Void)?

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    override func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let action = self.action
        self.action = nil
        action?()
    }
}

/// Disposes a fixed list of disposables once, in order.
final class FixedCompositeDisposable: Link, Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `disposables` is read and cleared only by the caller that wins `disposed`.
    private let disposed = Atomic<Bool>(false)
    private var disposables: [Disposable]

    init(_ disposables: [Disposable]) {
        self.disposables = disposables
    }

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    override func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let all = disposables
        disposables = []
        for disposable in all { disposable.dispose() }
    }
}

extension Disposables {
    /// A disposable that does nothing.
    public static func create() -> Disposable { NopDisposable.shared }

    /// A disposable that runs `dispose` once, on its first disposal.
    ///
    /// - Parameters:
    ///   - dispose: Called once, when disposed of.
    public static func create(with dispose: @escaping @isolated(any) () -> Void) -> Cancelable {
        let (dispose, actor) = Isolation.split(dispose)
        return AnonymousDisposable(Isolation.performing(dispose, on: actor))
    }

    /// A disposable that disposes both arguments once.
    ///
    /// - Parameters:
    ///   - disposable1: The first disposable.
    ///   - disposable2: The second disposable.
    public static func create(_ disposable1: Disposable, _ disposable2: Disposable) -> Cancelable {
        FixedCompositeDisposable([disposable1, disposable2])
    }

    /// A disposable that disposes the three arguments once.
    ///
    /// - Parameters:
    ///   - disposable1: The first disposable.
    ///   - disposable2: The second disposable.
    ///   - disposable3: The third disposable.
    public static func create(
        _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable
    ) -> Cancelable {
        FixedCompositeDisposable([disposable1, disposable2, disposable3])
    }

    /// A disposable that disposes all arguments once.
    ///
    /// - Parameters:
    ///   - disposable1: The first disposable.
    ///   - disposable2: The second disposable.
    ///   - disposable3: The third disposable.
    ///   - disposables: The disposables.
    public static func create(
        _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable, _ disposables: Disposable...
    ) -> Cancelable {
        FixedCompositeDisposable([disposable1, disposable2, disposable3] + disposables)
    }

    /// A disposable that disposes every element of `disposables` once.
    ///
    /// - Parameter disposables: The disposables.
    public static func create(_ disposables: [Disposable]) -> Cancelable {
        FixedCompositeDisposable(disposables)
    }
}
