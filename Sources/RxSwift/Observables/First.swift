extension ObservableType {
    /// The first element as a `Single` (`nil` when the source completes without elements).
    public func first() -> Single<Element?> {
        take(1).map { $0 as Element? }.ifEmpty(default: nil).asSingle()
    }
}
