/// A subscription asked for where the thread's stack was running out (a chain that nests its
/// subscriptions thousands deep: `catch` in `catch`, a `Single.flatMap` chain, recursion through
/// `deferred`): it is made once the stack has unwound to the thread's trampoline, and this link
/// stands for it until then. Disposed first, it makes nothing (`attach` disposes what is made).
final class DeferredSubscription: Link, @unchecked Sendable {
    // @unchecked Sendable: `state` is behind its lock.
    private enum State {
        case waiting
        case attached(Link)
        case disposed
    }

    private let state = Locked(State.waiting)

    /// Whether it was disposed before the subscription was made.
    var isDisposed: Bool {
        state.withLock {
            if case .disposed = $0 { return true }
            return false
        }
    }

    /// Keeps the subscription made, or disposes it at once when this was disposed first.
    func attach(_ subscription: Link) {
        let keep = state.withLock { state -> Bool in
            guard case .waiting = state else { return false }
            state = .attached(subscription)
            return true
        }
        if !keep { subscription.dispose() }
    }

    override func dispose() {
        take()?.dispose()
    }

    override func disposeAfterDeliveringTerminal() {
        take()?.disposeAfterDeliveringTerminal()
    }

    private func take() -> Link? {
        state.withLock { state -> Link? in
            defer { state = .disposed }
            if case .attached(let subscription) = state { return subscription }
            return nil
        }
    }
}
