import Foundation

/// What was broadcast to a replaying subscriber while its replay was under way, held back so
/// that it sees every event once, in order, and never two at once. Not generic (each held event
/// is an object that knows its type), so that the core's unspecialised code uses it without
/// run-time metadata look-ups: every replaying subscription makes one.
final class ReplayBacklog {
    /// At most this many held-back events sent by other threads are delivered by the subscribing
    /// thread; past it, the rest is left to the thread that sends the subject's next event.
    static var otherThreadsLimit: Int { 64 }

    var events: [HeldEvent] = []
    /// The subscribing thread: what it sends itself during its replay (re-entrantly) it delivers
    /// itself, whatever the limit.
    let subscriber = pthread_self()
    /// How many held-back events other threads sent.
    var fromOtherThreads = 0
    /// The subscribing thread has left: whoever delivers the subject's events next delivers
    /// these to the subscriber first.
    var handedOff = false
}

/// One event held back for a replaying subscriber.
class HeldEvent {
    /// Delivers it to `entry`.
    func deliver(to entry: SubjectEntry) {
        rxAbstractMethod()
    }
}

/// An event of a subject of `Element`s, held back.
final class HeldEventOf<Element>: HeldEvent {
    private let event: Event<Element>

    init(_ event: Event<Element>) {
        self.event = event
    }

    override func deliver(to entry: SubjectEntry) {
        entry.deliver(event)
    }
}

/// What `hold` did with an event for a replaying subscriber.
enum HoldOutcome {
    /// Kept in its backlog.
    case held
    /// The replay is over: deliver the event.
    case deliver
    /// The replay was handed off: deliver these first, then the event.
    case deliverAfter([HeldEvent])
}

/// A new subscriber's replay (ReplaySubject, BehaviorSubject): delivered on the subscribing
/// thread, before `subscribe` returns, and what was broadcast meanwhile after it.
///
/// While the subscribing thread delivers the replay, broadcasts to the new subscriber are held
/// back in its `ReplayBacklog`. Then, round after round, the subscribing thread delivers what was
/// held back, until nothing was: from then on broadcasts reach the subscriber directly. It stops
/// earlier, handing what is left to the thread that delivers the subject's events, in two cases,
/// so that `subscribe` returns in bounded time while other threads keep sending:
///
/// - another thread is delivering the subject's events: the backlog is queued behind its
///   delivery (`QueuedBacklog`), so that thread delivers it before anything newer;
/// - the subscribing thread has delivered more than `ReplayBacklog.otherThreadsLimit` events that
///   other threads sent, and the subject has not ended: the next broadcast delivers the backlog
///   first, on its sender's thread. (Once it has ended, no broadcast comes: the subscribing
///   thread delivers the rest, its terminal event among it.)
///
/// Events the subscribing thread sends itself from inside its subscriber (re-entrantly) are
/// delivered by it, synchronously, before `subscribe` returns, as RxSwift does. No callback ever
/// runs on a thread of the library's own.
extension SubjectCore {
    /// Delivers the replay `snapshot` holds, then, round after round, what was held back meanwhile.
    func deliverReplay(of snapshot: Memory, to entry: SubjectEntry) {
        snapshot.forEachReplayed { entry.deliver(next: $0) }
        while let round = lock.withLock({ takeHeldBack(for: entry) }) {
            deliver(held: round, to: entry)
        }
    }

    /// What the subscribing thread delivers next for `entry`, or `nil` when its replay is over
    /// (nothing was held back: it ends) or handed off. Call with `lock` held.
    private func takeHeldBack(for entry: SubjectEntry) -> [HeldEvent]? {
        let id = ObjectIdentifier(entry)
        guard let backlog = backlogs[id] else { return nil }
        if backlog.events.isEmpty {
            backlogs[id] = nil
            entry.endReplay()
            return nil
        }
        // Past the limit, the next event's sender delivers the backlog; once the subject has
        // ended no event comes, so the subscribing thread delivers it all (its end among it).
        if queue.isDelivering || (backlog.fromOtherThreads > ReplayBacklog.otherThreadsLimit && !stopped) {
            backlog.handedOff = true
            if queue.isDelivering { queue.append(QueuedBacklog(core: self, target: entry)) }
            return nil
        }
        defer { backlog.events = [] }
        return backlog.events
    }

    /// Keeps an element broadcast to `target` during its replay; false once the replay ended.
    /// The rare path of `onNext`, kept out of it (see `Sink.forwardNext`).
    @inline(never)
    func holdNext(_ element: Element, for target: SubjectEntry) -> Bool {
        switch hold(.next(element), for: target) {
        case .held: return false
        case .deliver: return true
        case .deliverAfter(let backlog):
            deliver(held: backlog, to: target)
            return true
        }
    }

    /// Called by the deliverer for a subscriber that may still be replaying.
    func hold(_ event: Event<Element>, for target: SubjectEntry) -> HoldOutcome {
        lock.withLock {
            guard let backlog = backlogs[ObjectIdentifier(target)] else { return .deliver }
            guard backlog.handedOff else {
                backlog.events.append(HeldEventOf(event))
                if pthread_equal(pthread_self(), backlog.subscriber) == 0 { backlog.fromOtherThreads += 1 }
                return .held
            }
            return .deliverAfter(takeHandedOffBacklog(of: target))
        }
    }

    /// Delivers the events held back for `target` once its replay was handed off.
    func flushBacklog(of target: SubjectEntry) {
        deliver(held: lock.withLock { takeHandedOffBacklog(of: target) }, to: target)
    }

    /// Ends `target`'s handed-off replay and returns what was held back for it (nothing when
    /// its replay is not handed off). Call with `lock` held.
    private func takeHandedOffBacklog(of target: SubjectEntry) -> [HeldEvent] {
        let id = ObjectIdentifier(target)
        guard let backlog = backlogs[id], backlog.handedOff else { return [] }
        backlogs[id] = nil
        target.endReplay()
        return backlog.events
    }

    func deliver(held events: [HeldEvent], to target: SubjectEntry) {
        for event in events {
            event.deliver(to: target)
        }
    }
}
