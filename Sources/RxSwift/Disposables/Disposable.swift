/// A resource that can be released: a subscription, a scheduled action, a connection.
///
/// Disposables are `Sendable`, so they can be captured by `Task.detached` and dispatch closures,
/// and disposing one from any thread is safe. Disposing twice is harmless.
public protocol Disposable: Sendable {
    /// Releases the resource.
    func dispose()
}

/// A disposable that can tell whether it was disposed.
public protocol Cancelable: Disposable {
    /// Whether `dispose` was called.
    var isDisposed: Bool { get }
}
