import RxSwift

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// The Driver's elements as an `AsyncStream`, read on the main actor. Cancelling the
    /// iterating task (or dropping the stream) disposes the subscription.
    @MainActor
    public var values: AsyncStream<Element> {
        // A Driver never fails, so the fallback is never used.
        asObservable().asInfallible(onErrorFallbackTo: .empty()).values
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// The Signal's elements as an `AsyncStream`, read on the main actor. Cancelling the
    /// iterating task (or dropping the stream) disposes the subscription.
    @MainActor
    public var values: AsyncStream<Element> {
        // A Signal never fails, so the fallback is never used.
        asObservable().asInfallible(onErrorFallbackTo: .empty()).values
    }
}
