extension ObservableConvertibleType {
    /// The elements as an `AsyncThrowingStream`: iterating subscribes; the stream ends when the
    /// sequence completes and throws its error. Cancelling the iterating task (or dropping the
    /// stream) disposes the subscription. Elements are buffered until read.
    ///
    /// ```swift
    /// for try await value in observable.values { … }
    /// ```
    public var values: AsyncThrowingStream<Element, Swift.Error> {
        let source = asObservable()
        return AsyncThrowingStream { continuation in
            let subscription = source.subscribe(
                onNext: { element in
                    nonisolated(unsafe) let handedOver = element
                    continuation.yield(handedOver)
                },
                onError: { continuation.finish(throwing: $0) },
                onCompleted: { continuation.finish() })
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
