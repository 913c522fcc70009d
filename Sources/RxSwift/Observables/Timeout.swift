struct TimeoutState {
    var id = 0
    var timedOut = false
}

final class TimeoutSink<Element>: EventLockedSink<TimeoutState, Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink`; `timer` (a `TimerSlot`) and `subscription` (a
    // SerialDisposable) have locks of their own.
    private let dueTime: RxTimeInterval
    private let other: Observable<Element>?
    private let scheduler: SchedulerType
    private let timer = TimerSlot()
    let subscription = SerialDisposable()

    init(dueTime: RxTimeInterval, other: Observable<Element>?, scheduler: SchedulerType, downstream: Link) {
        self.dueTime = dueTime
        self.other = other
        self.scheduler = scheduler
        super.init(state: TimeoutState(), downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        if let id = pass(.next(element)) { startTimer(id) }
    }

    override func receiveError(_ error: Swift.Error) {
        pass(.error(error))
    }

    override func receiveCompleted() {
        pass(.completed)
    }

    /// Sends a source event unless the timer fired first; returns the new timer's id.
    @discardableResult
    private func pass(_ event: Event<Element>) -> Int? {
        synchronized { state, outbox in
            guard !state.timedOut else { return nil }
            state.id += 1
            outbox.append(event)
            return state.id
        }
    }

    func startTimer(_ id: Int) {
        timer.schedule(id, key: id, after: dueTime, on: scheduler) { [self] id in
            let fire = synchronized { state, outbox -> Bool in
                guard state.id == id, !state.timedOut else { return false }
                state.timedOut = true
                if other == nil { outbox.append(.error(RxError.timeout)) }
                return true
            }
            if fire, let other {
                subscription.disposable = other.subscribe { [self] event in
                    send(event)
                }
            }
        }
    }

    override func disposeResources() {
        timer.dispose()
        subscription.dispose()
    }
}

extension ObservableType {
    /// Fails with `RxError.timeout` if `dueTime` passes without an element (measured from
    /// subscription, then from each element).
    ///
    /// ```
    /// source:             1----------2
    /// timeout(3 ticks):   1--#
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The longest wait for the next element.
    ///   - scheduler: The scheduler whose clock times each wait for the next element, and on which the timeout error
    ///     is delivered.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timeoutSwitching(to: nil, after: dueTime, scheduler: scheduler)
    }

    /// Switches to `other` if `dueTime` passes without an element.
    ///
    /// - Parameters:
    ///   - dueTime: The longest wait for the next element.
    ///   - other: The sequence to switch to when the time runs out.
    ///   - scheduler: The scheduler whose clock times each wait for the next element, and on which `other` is
    ///     subscribed to when a wait runs out.
    public func timeout<Source: ObservableConvertibleType>(
        _ dueTime: RxTimeInterval, other: Source, scheduler: SchedulerType
    ) -> Observable<Element> where Source.Element == Element {
        timeoutSwitching(to: other.asObservable(), after: dueTime, scheduler: scheduler)
    }

    private func timeoutSwitching(
        to other: Observable<Element>?, after dueTime: RxTimeInterval, scheduler: SchedulerType
    ) -> Observable<Element> {
        let source = asObservable()
        return OperatorObservable { downstream in
            let sink = TimeoutSink(dueTime: dueTime, other: other, scheduler: scheduler, downstream: downstream)
            sink.attach(sink.subscription)
            sink.startTimer(0)
            sink.subscription.disposable = source.subscribe(receiver: sink)
            return sink
        }
    }
}
