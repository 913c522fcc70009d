/// Forwards its source, and when the source completes, continues with another sequence: always
/// (`andThen`, whose source is a `Completable`) or only if the source sent no element
/// (`IfEmptySink`, `ifEmpty`).
///
/// As in RxSwift, the continuation is subscribed while the source delivers its completion; then
/// `andThen` disposes the source's subscription at once (and so holds nothing of the first
/// sequence from then on), while `ifEmpty` keeps it to the end. A terminal event is forwarded
/// before anything is disposed.
class ContinuationSink<Input, Output>: Sink<Input, Output>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `other` is immutable, the subscriptions are
    // SingleAssignmentDisposables, and the events arrive serially (the source's, then the other's).
    private let other: Observable<Output>
    /// The source's subscription.
    private let sourceSubscription = SingleAssignmentDisposable()
    private let otherSubscription = SingleAssignmentDisposable()

    init(other: Observable<Output>, downstream: Link) {
        self.other = other
        super.init(downstream: downstream)
    }

    /// Subscribes to `source`, the sequence before the continuation (which may come during this
    /// call, if the source completes at once).
    final func run(after source: Observable<Input>) -> Link {
        attach(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribe(receiver: self))
        return self
    }

    /// `andThen`: a `Completable` sends no element.
    override func receiveNext(_ element: Input) {}

    /// Whether the source's completion leads to `other` (rather than completing).
    var continuesOnCompletion: Bool { true }

    /// Whether the source's subscription is kept until the end (`ifEmpty`) rather than disposed
    /// once the other sequence is subscribed (`andThen`).
    var keepsSource: Bool { false }

    override final func receiveCompleted() {
        guard continuesOnCompletion, !isDisposed else { return forwardCompleted() }
        otherSubscription.setDisposable(other.subscribe(receiver: ContinuationObserver(owner: self)))
        if !keepsSource { sourceSubscription.dispose() }
    }

    override final func disposeResources() {
        otherSubscription.dispose()
    }
}

/// Hands the continuation's events to its `ContinuationSink`'s downstream.
final class ContinuationObserver<Input, Output>: Receiver<Output>, @unchecked Sendable {
    // @unchecked Sendable: immutable; the owner's downstream receives serially.
    private let owner: ContinuationSink<Input, Output>

    init(owner: ContinuationSink<Input, Output>) {
        self.owner = owner
    }

    override func receiveNext(_ element: Output) {
        owner.forwardNext(element)
    }

    override func receiveCompleted() {
        owner.forwardCompleted()
    }

    override func receiveError(_ error: Swift.Error) {
        owner.forwardError(error)
    }
}

/// `ifEmpty`: forwards the source's elements; continues with the other sequence only if there
/// were none.
final class IfEmptySink<Element>: ContinuationSink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `ContinuationSink`; `isEmpty` changes only in serial deliveries.
    private var isEmpty = true

    override func receiveNext(_ element: Element) {
        isEmpty = false
        forwardNext(element)
    }

    override var continuesOnCompletion: Bool { isEmpty }

    override var keepsSource: Bool { true }
}

extension ObservableType {
    /// Emits `default` and completes if the source completes without elements.
    ///
    /// ```
    /// source:               |
    /// ifEmpty(default: 9):  (9|)
    /// ```
    ///
    /// - Parameter default: The element emitted when the source completes without elements.
    public func ifEmpty(default: Element) -> Observable<Element> {
        ifEmpty(switchTo: Observable.just(`default`))
    }

    /// Continues with `other` if the source completes without elements.
    ///
    /// - Parameter other: The sequence to switch to when the source completes without elements.
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        let source = asObservable()
        return OperatorObservable { downstream in
            IfEmptySink(other: other, downstream: downstream).run(after: source)
        }
    }
}

extension ObservableType where Element == Never {
    /// The elements of `second` once this sequence completes: the engine of `Completable`'s
    /// `andThen`.
    func andThen<Other>(_ second: Observable<Other>) -> Observable<Other> {
        let source = asObservable()
        return OperatorObservable { downstream in
            ContinuationSink<Never, Other>(other: second, downstream: downstream).run(after: source)
        }
    }
}
