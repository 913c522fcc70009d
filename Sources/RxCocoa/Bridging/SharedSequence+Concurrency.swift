import RxSwift

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// The Driver's elements as an `AsyncStream`, read on the main actor. Cancelling the
    /// iterating task (or dropping the stream) disposes the subscription. Every element is kept
    /// until it is read (an unbounded buffer, as in RxSwift); to bound it, use
    /// `values(bufferingPolicy:)`.
    @MainActor
    public var values: AsyncStream<Element> {
        values(bufferingPolicy: .unbounded)
    }

    /// The Driver's elements as an `AsyncStream` whose buffer of unread elements follows
    /// `bufferingPolicy`; otherwise as `values`.
    ///
    /// - Parameter bufferingPolicy: What happens to elements the loop has not read yet:
    ///   `.unbounded` (the default of `values`) keeps them all, `.bufferingNewest(n)` keeps the
    ///   latest `n` (`.bufferingNewest(1)` for a state the loop only needs the latest of),
    ///   `.bufferingOldest(n)` the first `n`.
    @MainActor
    public func values(bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy) -> AsyncStream<Element> {
        // A Driver never fails, so the fallback is never used.
        asObservable().asInfallible(onErrorFallbackTo: .empty()).values(bufferingPolicy: bufferingPolicy)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// The Signal's elements as an `AsyncStream`, read on the main actor. Cancelling the
    /// iterating task (or dropping the stream) disposes the subscription. Every element is kept
    /// until it is read (an unbounded buffer, as in RxSwift); to bound it, use
    /// `values(bufferingPolicy:)`.
    @MainActor
    public var values: AsyncStream<Element> {
        values(bufferingPolicy: .unbounded)
    }

    /// The Signal's elements as an `AsyncStream` whose buffer of unread elements follows
    /// `bufferingPolicy`; otherwise as `values`.
    ///
    /// - Parameter bufferingPolicy: What happens to elements the loop has not read yet:
    ///   `.unbounded` (the default of `values`) keeps them all, `.bufferingNewest(n)` keeps the
    ///   latest `n`, `.bufferingOldest(n)` the first `n`.
    @MainActor
    public func values(bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy) -> AsyncStream<Element> {
        // A Signal never fails, so the fallback is never used.
        asObservable().asInfallible(onErrorFallbackTo: .empty()).values(bufferingPolicy: bufferingPolicy)
    }
}
