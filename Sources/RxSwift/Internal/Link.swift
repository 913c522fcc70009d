/// The root class of the library's subscription objects: stages, subject subscriptions, inner
/// observers and the library's own disposables.
///
/// Stages hold their upstream subscription and their downstream receiver as plain `Link`
/// references, 8 bytes each, where a `Disposable` existential takes 40 bytes and a protocol
/// existential 16: memory per live subscription is one of the benchmarked workloads. A disposable
/// from outside the library is wrapped (`ForeignDisposable`) to be held the same way.
///
/// Elements travel between links bare (`receive(next:)`), never inside an `Event`: in
/// generic code that is not specialised (every stage of a chain built at run time) constructing
/// or matching `Event<Element>` costs a run-time metadata look-up per call (ARCHITECTURE.md,
/// "Rules for code on the per-element path").
@usableFromInline
class Link: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `Link` has no state; each subclass names what guards its own.

    /// Releases the link's resources. Links that own nothing (inner observers) keep this no-op.
    @usableFromInline
    func dispose() {}

    /// Lets `Stage.attach` hold this disposable by a plain reference (see `Disposable`).
    @usableFromInline
    final var _openRxLink: AnyObject? { self }

    /// Receives the next element (the equivalent of `on(.next(element))`). `Value` is always the
    /// receiver's own element type: `Receiver` recovers it, in one place, and hands it to its
    /// typed `receiveNext(_:)`.
    ///
    /// Generic rather than typed: a generic argument travels by address in unspecialised code,
    /// so a stage hands the next one its element with one virtual call, no copy, no `Event`.
    @usableFromInline
    func receive<Value>(next element: Value) {
        rxAbstractMethod()
    }

    /// Receives completion (the equivalent of `on(.completed)`).
    @usableFromInline
    func receiveCompleted() {
        rxAbstractMethod()
    }

    /// Receives an error (the equivalent of `on(.error(error))`).
    @usableFromInline
    func receiveError(_ error: Swift.Error) {
        rxAbstractMethod()
    }

    /// Whether this receiver has ended (a stage that terminated or was disposed): what it is sent
    /// from now on is dropped. Upstream stages that re-subscribe in a loop (`retry`, `concat`) ask
    /// it, because a receiver that ends while it is still being subscribed cannot dispose them
    /// yet (RxSwift issue 2298). Receivers outside the library never end early: `false`.
    var hasEnded: Bool { false }

    /// A link that may take this link's elements in its place, for the rest of the subscription,
    /// with the same effect: the merge whose one inner sequence this link's elements come from,
    /// once that merge can get no other (ARCHITECTURE.md, "Deep chains"). `nil` for links that
    /// do something with each element.
    var passThroughTarget: Link? { nil }

    /// Receives an element that a stage further up hands over in place of the links between
    /// (see `passThroughTarget`). The same as `receive(next:)` unless a merge overrides it.
    func receivePassedThrough<Value>(next element: Value) {
        receive(next: element)
    }

    /// Receives a sequence's only element, whose completion follows (`just`, handed over without
    /// a subscription by `Observable.handOverOnlyElement`): the element, then the completion.
    func receiveOnlyElement<Value>(_ element: Value) {
        receive(next: element)
        receiveCompleted()
    }

    /// Disposes the link once the last stage of a chain (`subscribe(onNext:…)`) has handled the
    /// terminal event this link delivered to it. A stage disposes itself when that delivery
    /// returns (see `Stage.endTerminal`), after whatever it does once the event is delivered
    /// (`do(afterCompleted:)`), as each RxSwift sink does, so it overrides this to do nothing
    /// then; other links (a subject's entry, an adapter) are disposed at once.
    func disposeAfterDeliveringTerminal() {
        dispose()
    }
}

/// The typed base of everything in the library that receives a sequence's events: stages,
/// inner observers, adapters. Subclasses implement one entry point per kind of event,
/// `receiveNext(_:)`, `receiveCompleted()` and `receiveError(_:)`; `on(_:)` (for callers that
/// hold an `ObserverType`) and the untyped `receive(next:)` (for the previous stage) both lead
/// there.
@usableFromInline
class Receiver<Input>: Link, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: `Receiver` has no state; each subclass names what guards its own.

    /// Recovers the element's type: the one unchecked-by-the-compiler step of the hand-off.
    /// `_identityCast` traps if a stage was wired to a receiver of another element type.
    @usableFromInline
    override final func receive<Value>(next element: Value) {
        receiveNext(_identityCast(element, to: Input.self))
    }

    /// Receives the next element. Every receiver overrides it.
    @usableFromInline
    func receiveNext(_ element: Input) {
        rxAbstractMethod()
    }

    /// What a synchronous source may call with each element instead of `receiveNext(_:)`, when
    /// that is all `receiveNext(_:)` would do: the closure of a `subscribe(onNext:)`. `nil` (the
    /// default) when the receiver does more per element. The source checks disposal before each
    /// element itself (`ProducedSequence`), so the closure is called directly from the
    /// generator: no virtual hop and no retain of the closure per element.
    func directElementHandler() -> ((Input) -> Void)? {
        nil
    }

    /// Delivers `event` through the entry point for its kind.
    @usableFromInline
    final func on(_ event: Event<Input>) {
        switch event {
        case .next(let element): receiveNext(element)
        case .error(let error): receiveError(error)
        case .completed: receiveCompleted()
        }
    }

    /// Itself: stages hand it bare elements.
    @usableFromInline
    final var _openRxReceiver: AnyObject? { self }
}

extension ObserverType {
    /// This observer as a link that receives bare elements, if it is one (the library's
    /// receivers, or an `AnyObserver` or `Downstream` around one).
    ///
    /// Asked through a protocol requirement and a class cast: a dynamic cast of the generic
    /// observer (to a class or a protocol) cost hundreds of instructions per subscribed stage.
    @inline(__always)
    var elementReceiver: Link? {
        _openRxReceiver as? Link
    }

    /// This observer as a `Link`: itself (or the link it wraps) when it receives bare elements,
    /// otherwise an `ObserverAdapter` around it.
    var receiverLink: Link {
        elementReceiver ?? ObserverAdapter(self)
    }
}

/// A disposable from outside the library, held as a `Link`.
final class ForeignDisposable: Link, @unchecked Sendable {
    // @unchecked Sendable: `wrapped` is immutable and `Disposable` is `Sendable`.
    private let wrapped: Disposable

    init(_ wrapped: Disposable) {
        self.wrapped = wrapped
    }

    override func dispose() {
        wrapped.dispose()
    }
}

extension Disposable {
    /// This disposable as a `Link`: itself when it is one of the library's, otherwise wrapped.
    var asLink: Link {
        if let link = _openRxLink as? Link { return link }
        return ForeignDisposable(self)
    }
}
