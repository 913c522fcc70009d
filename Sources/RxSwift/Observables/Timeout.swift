struct TimeoutState {
    var id = 0
    var timedOut = false
}

final class TimeoutSink<Observer: ObserverType>: EventLockedSink<TimeoutState, Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink`; `timer` and `subscription` are SerialDisposables.
    private let dueTime: RxTimeInterval
    private let other: Observable<Observer.Element>?
    private let scheduler: SchedulerType
    private let timer = SerialDisposable()
    let subscription = SerialDisposable()

    init(dueTime: RxTimeInterval, other: Observable<Observer.Element>?, scheduler: SchedulerType, observer: Observer) {
        self.dueTime = dueTime
        self.other = other
        self.scheduler = scheduler
        super.init(state: TimeoutState(), observer: observer)
    }

    func on(_ event: Event<Observer.Element>) {
        let id: Int? = synchronized { state, outbox in
            guard !state.timedOut else { return nil }
            state.id += 1
            outbox.append(event)
            return state.id
        }
        if let id, !event.isStopEvent { startTimer(id) }
    }

    func startTimer(_ id: Int) {
        timer.disposable = scheduler.scheduleRelative(id, dueTime: dueTime) { [self] id in
            let fire = synchronized { state, outbox -> Bool in
                guard state.id == id, !state.timedOut else { return false }
                state.timedOut = true
                if other == nil { outbox.append(.error(RxError.timeout)) }
                return true
            }
            if fire, let other {
                subscription.disposable = other.subscribe { [self] event in
                    synchronized { _, outbox in outbox.append(event) }
                }
            }
            return Disposables.create()
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
    /// timeout(3 ticks):   1---#
    /// ```
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timeoutSwitching(to: nil, after: dueTime, scheduler: scheduler)
    }

    /// Switches to `other` if `dueTime` passes without an element.
    public func timeout<Source: ObservableConvertibleType>(_ dueTime: RxTimeInterval, other: Source, scheduler: SchedulerType) -> Observable<Element> where Source.Element == Element {
        timeoutSwitching(to: other.asObservable(), after: dueTime, scheduler: scheduler)
    }

    private func timeoutSwitching(to other: Observable<Element>?, after dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { observer in
            let sink = TimeoutSink(dueTime: dueTime, other: other, scheduler: scheduler, observer: observer)
            sink.attach(sink.subscription)
            sink.startTimer(0)
            sink.subscription.disposable = source.subscribe(sink)
            return sink
        }
    }
}
