/// A resource that can be released: a subscription, a scheduled action, a connection.
///
/// Disposing may happen on any thread, and disposing twice is harmless. The protocol is not
/// `Sendable`, as in RxSwift, so that types written for RxSwift (a non-final class with state, a
/// struct holding a closure) conform in the Swift 6 language mode; a conforming type promises
/// that `dispose()` may be called from any thread. The library's disposables (`DisposeBag`,
/// `CompositeDisposable`, `SerialDisposable`, …) are `Sendable`: to hand a subscription to another
/// task, keep it in one of them. It is `SendableMetatype` for the same reason: a conformance
/// cannot be isolated to an actor.
public protocol Disposable: SendableMetatype {
    /// Releases the resource.
    func dispose()

    /// An implementation detail of OpenRx: the library's own disposables return themselves, so
    /// that a subscription stage can hold them by a plain reference. Do not implement it; the
    /// default, `nil`, is right for every disposable defined outside the library. Not API: it may
    /// change in any release (ARCHITECTURE.md, "Rules for code on the per-element path").
    var _openRxLink: AnyObject? { get }
}

extension Disposable {
    /// `nil`: a disposable defined outside the library (see the requirement).
    public var _openRxLink: AnyObject? { nil }
}

/// A disposable that can tell whether it was disposed.
public protocol Cancelable: Disposable {
    /// Whether `dispose` was called.
    var isDisposed: Bool { get }
}

/// A disposable handed across threads inside the library. `Disposable` is not `Sendable`, so that
/// RxSwift-era types (non-final classes, structs holding closures) can conform to it; its contract,
/// as in RxSwift, is that `dispose()` may be called from any thread, and the library relies on it.
struct SendableDisposable: @unchecked Sendable {
    // @unchecked Sendable: the `Disposable` contract above; the library's own disposables are
    // `Sendable` themselves.
    let base: Disposable

    init(_ base: Disposable) {
        self.base = base
    }

    func dispose() {
        base.dispose()
    }
}
