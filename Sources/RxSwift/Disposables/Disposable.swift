/// A resource that can be released: a subscription, a scheduled action, a connection.
///
/// Disposables are `Sendable`, so they can be captured by `Task.detached` and dispatch closures,
/// and disposing one from any thread is safe. Disposing twice is harmless.
public protocol Disposable: Sendable {
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
