/// The stage that owns inner subscriptions (merge, switch): receives their events by id.
protocol InnerSequenceOwner<InnerElement>: AnyObject {
    /// The element type of the inner sequences (the owner's own `Element` is the outer one).
    associatedtype InnerElement
    /// An element from inner subscription `id`.
    func innerNext(_ id: Int, _ element: InnerElement)
    /// Completion of inner subscription `id`.
    func innerCompleted(_ id: Int)
    /// An error from inner subscription `id`.
    func innerError(_ id: Int, _ error: Swift.Error)
    /// An element and then completion from inner subscription `id`, handed over together by a
    /// `just` (`deliverWithoutSubscribing`): an owner may decide both at once.
    func innerNextThenCompleted(_ id: Int, _ element: InnerElement)
    /// What may take the elements of the owner's one inner sequence in the owner's place (see
    /// `Link.passThroughTarget`), or `nil`.
    var innerPassThroughTarget: Link? { get }
}

extension InnerSequenceOwner {
    /// The element, then the completion, one after the other.
    func innerNextThenCompleted(_ id: Int, _ element: InnerElement) {
        innerNext(id, element)
        innerCompleted(id)
    }

    /// None: the owner handles every inner element itself.
    var innerPassThroughTarget: Link? { nil }
}

/// Observes one inner sequence for its owner, tagging events with the subscription's id.
final class InnerObserver<Owner: InnerSequenceOwner>: Receiver<Owner.InnerElement>, @unchecked Sendable {
    // @unchecked Sendable: immutable; the owner serialises what it receives.
    private let owner: Owner
    private let id: Int

    /// `required`, so that owners can create inner observers through a metatype they stored
    /// (`innerObserverType`): in unspecialised generic code, naming `InnerObserver<Owner>` looks
    /// its metadata up at run time, which cost more than the rest of an inner subscription.
    required init(owner: Owner, id: Int) {
        self.owner = owner
        self.id = id
    }

    override func receiveNext(_ element: Owner.InnerElement) {
        owner.innerNext(id, element)
    }

    override func receiveCompleted() {
        owner.innerCompleted(id)
    }

    override func receiveError(_ error: Swift.Error) {
        owner.innerError(id, error)
    }

    /// The owner's, once this is its one inner sequence for good (`MergeSink`).
    override var passThroughTarget: Link? { owner.innerPassThroughTarget }
}

extension InnerSequenceOwner {
    /// Subscribes an observer of inner subscription `id` to `inner`: at once, or through the
    /// trampoline when deeply nested (see `CurrentThreadScheduler.beginInnerSubscription`).
    /// `observerType` is the owner's stored `InnerObserver<Self>.self` (see `InnerObserver.init`).
    /// Returns the inner subscription, or `nil` when there is nothing to keep or dispose (a
    /// `just`, handed over whole).
    func subscribeInner(_ inner: Observable<InnerElement>, id: Int, observerType: InnerObserver<Self>.Type) -> Link? {
        guard let trampoline = CurrentThreadScheduler.beginInnerSubscription() else {
            return subscribeInnerLater(inner, id: id, observerType: observerType)
        }
        defer { CurrentThreadScheduler.endInnerSubscription(trampoline) }
        // A `just` needs no inner observer: what it would send it, it hands over directly.
        if inner.deliverWithoutSubscribing(to: self, id: id) { return nil }
        return inner.subscribe(receiver: observerType.init(owner: self, id: id))
    }

    /// The trampolined path of `subscribeInner`, kept out of it: its tuple's type metadata would
    /// otherwise be looked up on every inner subscription.
    @inline(never)
    private func subscribeInnerLater(
        _ inner: Observable<InnerElement>, id: Int, observerType: InnerObserver<Self>.Type
    ) -> Link {
        CurrentThreadScheduler.instance.schedule((self, inner, id)) { owner, inner, id in
            inner.subscribe(receiver: observerType.init(owner: owner, id: id))
        }.asLink
    }
}
