/// The state of `delay` under its lock.
struct DelayState<Element> {
    /// Events waiting, with the time each arrived.
    var queue = Outbox<(time: RxTime, event: Event<Element>)>()
    /// Whether a delivery step is scheduled or running.
    var active = false
    /// Whether a delivery step is running.
    var running = false
    /// An error that arrived while a step was running: the step delivers it.
    var error: Swift.Error?
    /// The key of the last timer started (`TimerSlot`).
    var timers = 0
}

/// What a step of `delay` does next.
enum DelayStep<Element> {
    case deliver(Event<Element>)
    case fail(Swift.Error)
    case idle
    case at(RxTime, key: Int)
}

/// Delivers each event `dueTime` after it arrived, one event per scheduled step (RxSwift's
/// rule: two events due at once land one scheduler step apart, `+1` on a `TestScheduler`). An
/// error is delivered at once, dropping what waits; a terminal event ends the source's
/// subscription at once.
final class DelaySink<Element>: LockedSink<DelayState<Element>, Never, Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink` (its state under its lock); `source` and `timer` are
    // disposables (`TimerSlot` has a lock of its own).
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    let source = SingleAssignmentDisposable()
    private let timer = TimerSlot()

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, downstream: Link) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(state: DelayState(), downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        enqueue(.next(element))
    }

    override func receiveCompleted() {
        source.dispose()
        enqueue(.completed)
    }

    override func receiveError(_ error: Swift.Error) {
        source.dispose()
        let now = withState { state -> Bool in
            state.queue.removeAll()
            state.error = error
            return !state.running
        }
        if now { forwardError(error) }
    }

    private func enqueue(_ event: Event<Element>) {
        let arrived = scheduler.now
        let start = withState { state -> Int? in
            state.queue.append((arrived, event))
            guard !state.active else { return nil }
            state.active = true
            state.timers += 1
            return state.timers
        }
        if let start { schedule(after: dueTime, key: start) }
    }

    private func schedule(after delay: RxTimeInterval, key: Int) {
        timer.schedule(self, key: key, after: delay, on: scheduler) { $0.step() }
    }

    /// Delivers the oldest event, then schedules the step for the next one.
    private func step() {
        let next = withState { state -> DelayStep<Element> in
            if let error = state.error { return .fail(error) }
            guard let (_, event) = state.queue.popFirst() else {
                state.active = false
                return .idle
            }
            state.running = true
            return .deliver(event)
        }
        switch next {
        case .fail(let error): return forwardError(error)
        case .deliver(let event): forward(event)
        case .idle, .at: return
        }
        let following = withState { state -> DelayStep<Element> in
            state.running = false
            if let error = state.error { return .fail(error) }
            guard let first = state.queue.first else {
                state.active = false
                return .idle
            }
            state.timers += 1
            return .at(first.time, key: state.timers)
        }
        switch following {
        case .fail(let error): forwardError(error)
        case .idle, .deliver: break
        case .at(let time, let key):
            let due = time.addingDispatchInterval(dueTime).timeIntervalSince(scheduler.now)
            schedule(after: .nanoseconds(max(0, Int((due * 1_000_000_000).rounded()))), key: key)
        }
    }

    override func disposeResources() {
        source.dispose()
        timer.dispose()
    }
}

extension ObservableType {
    /// Shifts elements and completion later by `dueTime`, one event per scheduler step; errors
    /// are forwarded at once.
    ///
    /// ```
    /// source:            1-2|
    /// delay(2 ticks):    --1-2|
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long to delay each event.
    ///   - scheduler: The scheduler whose clock times `dueTime` and on which each delayed event is delivered.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return OperatorObservable { downstream in
            let sink = DelaySink<Element>(dueTime: dueTime, scheduler: scheduler, downstream: downstream)
            sink.attach(sink.source)
            sink.source.setDisposable(source.subscribe(receiver: sink))
            return sink
        }
    }
}
