import Foundation

struct ThrottleState<Element> {
    var lastUnsent: Element?
    var lastSentTime: RxTime?
    var completed = false
    /// The key of the last timer started (`TimerSlot`).
    var timers = 0
}

final class ThrottleSink<Element>: EventLockedSink<ThrottleState<Element>, Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink`; `timer` is a `TimerSlot` (a lock of its own).
    private let dueTime: RxTimeInterval
    private let latest: Bool
    private let scheduler: SchedulerType
    private let timer = TimerSlot()

    init(dueTime: RxTimeInterval, latest: Bool, scheduler: SchedulerType, downstream: Link) {
        self.dueTime = dueTime
        self.latest = latest
        self.scheduler = scheduler
        super.init(state: ThrottleState(), downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        let now = scheduler.now
        let wait: (TimeInterval, key: Int)? = synchronized { state, outbox in
            let remaining = state.lastSentTime.map { dueTime.timeInterval - now.timeIntervalSince($0) } ?? 0
            if remaining <= 0 {
                state.lastUnsent = nil
                state.lastSentTime = now
                outbox.append(.next(element))
                return nil
            }
            guard latest else { return nil }
            let inFlight = state.lastUnsent != nil
            state.lastUnsent = element
            guard !inFlight else { return nil }
            state.timers += 1
            return (remaining, state.timers)
        }
        if let (remaining, key) = wait {
            timer.schedule(self, key: key, after: remaining.dispatchInterval, on: scheduler) { $0.propagate() }
        }
    }

    override func receiveError(_ error: Swift.Error) {
        synchronized { state, outbox in
            state.lastUnsent = nil
            outbox.append(.error(error))
        }
    }

    override func receiveCompleted() {
        synchronized { state, outbox in
            if state.lastUnsent != nil {
                state.completed = true
            } else {
                outbox.append(.completed)
            }
        }
    }

    private func propagate() {
        let now = scheduler.now
        synchronized { state, outbox in
            if let element = state.lastUnsent {
                state.lastUnsent = nil
                state.lastSentTime = now
                outbox.append(.next(element))
            }
            if state.completed { outbox.append(.completed) }
        }
    }

    override func disposeResources() {
        timer.dispose()
    }
}

extension ObservableType {
    /// Emits an element, then ignores elements for `dueTime`; with `latest`, the last element
    /// received during that window is emitted when it ends.
    ///
    /// ```
    /// source:                            1-2-3-------4|
    /// throttle(3 ticks):                 1--2--3-----4|
    /// throttle(3 ticks, latest: false):  1---3-------4|
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The length of a window.
    ///   - latest: Whether the latest element of a window is emitted at its end (`true`), or only its first element.
    ///   - scheduler: The scheduler whose clock times each window and on which the latest element of a window is
    ///     delivered at its end.
    public func throttle(
        _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType
    ) -> Observable<Element> {
        let source = asObservable()
        return OperatorObservable { downstream in
            ThrottleSink(dueTime: dueTime, latest: latest, scheduler: scheduler, downstream: downstream).run(source)
        }
    }
}
