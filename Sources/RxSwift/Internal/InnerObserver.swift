/// The stage that owns inner subscriptions (merge, switch): receives their events by id.
protocol InnerSequenceOwner<InnerElement>: AnyObject {
    /// The element type of the inner sequences (the owner's own `Element` is the outer one).
    associatedtype InnerElement
    /// An element from inner subscription `id`.
    func innerNext(_ id: Int, _ element: InnerElement)
    /// A terminal event from inner subscription `id`.
    func innerTerminal(_ id: Int, _ event: Event<InnerElement>)
}

/// Observes one inner sequence for its owner, tagging events with the subscription's id.
final class InnerObserver<Owner: InnerSequenceOwner>: ObserverType, ElementReceiver {
    private let owner: Owner
    private let id: Int

    init(owner: Owner, id: Int) {
        self.owner = owner
        self.id = id
    }

    func on(_ event: Event<Owner.InnerElement>) {
        if case .next(let element) = event { return owner.innerNext(id, element) }
        owner.innerTerminal(id, event)
    }

    func receiveNext(at element: UnsafeRawPointer) {
        owner.innerNext(id, element.assumingMemoryBound(to: Owner.InnerElement.self).pointee)
    }

    func receiveCompleted() {
        receiveTerminal(.completed)
    }

    func receiveError(_ error: Swift.Error) {
        receiveTerminal(.error(error))
    }

    // Kept out of the element path (see `Sink.forwardNext`).
    @inline(never)
    private func receiveTerminal(_ event: Event<Owner.InnerElement>) {
        owner.innerTerminal(id, event)
    }
}
