/// `first()`: the first element, or `nil` at completion; forwarded, then completed, before the
/// source is disposed (as RxSwift's `First`).
final class FirstSink<Element>: Sink<Element, Element?>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`.
    override func receiveNext(_ element: Element) {
        forwardNext(element)
        forwardCompleted()
    }

    override func receiveCompleted() {
        forwardNext(nil)
        forwardCompleted()
    }
}

extension ObservableType {
    /// The first element as a `Single` (`nil` when the source completes without elements). The
    /// source is disposed once the element and the completion were delivered.
    public func first() -> Single<Element?> {
        let source = asObservable()
        return Single(
            raw: OperatorObservable { downstream in
                FirstSink<Element>(downstream: downstream).run(source)
            })
    }
}
