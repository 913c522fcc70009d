import Synchronization

extension ObservableConvertibleType {
    /// The elements as an `AsyncThrowingStream`: iterating subscribes; the stream ends when the
    /// sequence completes and throws its error. Cancelling the iterating task (or dropping the
    /// stream) disposes the subscription, and the loop throws `CancellationError`. Elements are
    /// buffered until read.
    ///
    /// ```swift
    /// for try await value in observable.values { … }
    /// ```
    public var values: AsyncThrowingStream<Element, Swift.Error> {
        let source = asObservable()
        return AsyncThrowingStream { continuation in
            let ended = EndedFlag()
            let subscription = source.subscribe(
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
                })
            continuation.onTermination = { _ in subscription.dispose() }
        }
    }
}

extension InfallibleType {
    /// The elements as an `AsyncStream`, ending when the sequence completes. Cancelling the
    /// iterating task (or dropping the stream) disposes the subscription.
    public var values: AsyncStream<Element> {
        let source = asObservable()
        return AsyncStream { continuation in
            let subscription = source.subscribe(
                onNext: { element in
                    nonisolated(unsafe) let handedOver = element
                    continuation.yield(handedOver)
                },
                onCompleted: { continuation.finish() })
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
