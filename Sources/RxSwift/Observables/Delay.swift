final class DelaySink<Observer: ObserverType>: EventLockedSink<Outbox<Event<Observer.Element>>, Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink`; `timers` is a CompositeDisposable.
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let timers = CompositeDisposable()

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: Observer) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(state: Outbox(), observer: observer)
    }

    func on(_ event: Event<Observer.Element>) {
        if case .error = event {
            synchronized { delayed, outbox in
                delayed.removeAll()
                outbox.append(event)
            }
            return
        }
        withState { $0.append(event) }
        let timer = SingleAssignmentDisposable()
        guard let key = timers.insert(timer) else { return }
        timer.setDisposable(scheduler.scheduleRelative(self, dueTime: dueTime) { sink in
            sink.synchronized { delayed, outbox in
                if let next = delayed.popFirst() { outbox.append(next) }
            }
            sink.timers.remove(for: key)
            return Disposables.create()
        })
    }

    override func disposeResources() {
        timers.dispose()
    }
}

extension ObservableType {
    /// Shifts elements and completion later by `dueTime`; errors are forwarded at once.
    ///
    /// ```
    /// source:            1-2|
    /// delay(2 ticks):    --1-2|
    /// ```
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { observer in
            let sink = DelaySink(dueTime: dueTime, scheduler: scheduler, observer: observer)
            sink.attach(source.subscribe(sink))
            return sink
        }
    }
}
