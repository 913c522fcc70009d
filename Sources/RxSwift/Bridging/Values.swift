import Synchronization

extension ObservableConvertibleType {
    /// The elements as an `AsyncThrowingStream`: reading `values` subscribes; the stream ends
    /// when the sequence completes and throws its error. Cancelling the iterating task (or
    /// dropping the stream) disposes the subscription, and the loop throws `CancellationError`.
    ///
    /// Every element is kept until it is read, as in RxSwift: the buffer is unbounded and grows
    /// while the loop is slower than the sequence (about 9 bytes per unread `Int`). To bound it,
    /// use ``values(bufferingPolicy:)``.
    ///
    /// ```swift
    /// for try await value in observable.values { … }
    /// ```
    public var values: AsyncThrowingStream<Element, Swift.Error> {
        values(bufferingPolicy: .unbounded)
    }

    /// The elements as an `AsyncThrowingStream` whose buffer of unread elements follows
    /// `bufferingPolicy`; otherwise as ``values``.
    ///
    /// ```swift
    /// // A slow loop skips the positions it had no time for.
    /// let latest = positions.values(bufferingPolicy: .bufferingNewest(1))
    /// for try await position in latest { … }
    /// ```
    ///
    /// - Parameter bufferingPolicy: What happens to elements the loop has not read yet:
    ///   `.unbounded` (the default of ``values``) keeps them all, `.bufferingNewest(n)` keeps the
    ///   latest `n` and drops older ones, `.bufferingOldest(n)` keeps the first `n` and drops newer
    ///   ones. The terminal event is never dropped.
    public func values(
        bufferingPolicy: AsyncThrowingStream<Element, Swift.Error>.Continuation.BufferingPolicy
    ) -> AsyncThrowingStream<Element, Swift.Error> {
        let source = asObservable()
        return AsyncThrowingStream(bufferingPolicy: bufferingPolicy) { continuation in
            let ended = EndedFlag()
            let subscription = SendableDisposable(
                source.subscribe(
                    onNext: { element in
                        nonisolated(unsafe) let handedOver = element
                        continuation.yield(handedOver)
                    },
                    onError: { error in
                        ended.set()
                        continuation.finish(throwing: error)
                    },
                    onCompleted: {
                        ended.set()
                        continuation.finish()
                    },
                    onDisposed: {
                        // Disposed before the sequence ended (the iterating task was cancelled): the
                        // loop throws `CancellationError`, as in RxSwift.
                        if !ended.isSet { continuation.finish(throwing: CancellationError()) }
                    }))
            continuation.onTermination = { _ in subscription.dispose() }
        }
    }
}

extension InfallibleType {
    /// The elements as an `AsyncStream`, ending when the sequence completes. Cancelling the
    /// iterating task (or dropping the stream) disposes the subscription.
    ///
    /// Every element is kept until it is read, as in RxSwift (an unbounded buffer); to bound it,
    /// use ``values(bufferingPolicy:)``.
    public var values: AsyncStream<Element> {
        values(bufferingPolicy: .unbounded)
    }

    /// The elements as an `AsyncStream` whose buffer of unread elements follows
    /// `bufferingPolicy`; otherwise as ``values``.
    ///
    /// - Parameter bufferingPolicy: What happens to elements the loop has not read yet:
    ///   `.unbounded` (the default of ``values``) keeps them all, `.bufferingNewest(n)` keeps the
    ///   latest `n`, `.bufferingOldest(n)` the first `n`. Completion is never dropped.
    public func values(bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy) -> AsyncStream<Element> {
        let source = asObservable()
        return AsyncStream(bufferingPolicy: bufferingPolicy) { continuation in
            let subscription = SendableDisposable(
                source.subscribe(
                    onNext: { element in
                        nonisolated(unsafe) let handedOver = element
                        continuation.yield(handedOver)
                    },
                    onCompleted: { continuation.finish() }))
            continuation.onTermination = { _ in subscription.dispose() }
        }
    }
}

/// Whether a sequence bridged to async code has ended (set once, read from any thread).
final class EndedFlag: Sendable {
    private let ended = Atomic<Bool>(false)

    var isSet: Bool { ended.load(ordering: .acquiring) }

    func set() {
        ended.store(true, ordering: .releasing)
    }
}
