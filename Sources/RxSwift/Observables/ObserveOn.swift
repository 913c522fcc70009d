/// Re-delivers events on a scheduler, in order, one drain action at a time.
final class ObserveOnSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: `queue`, `scheduled` and `pending` are guarded by `lock`.
    private let scheduler: ImmediateSchedulerType
    private let lock = Lock()
    private var queue = Outbox<Event<Observer.Element>>()
    private var scheduled = false
    private var pending: Disposable?

    init(scheduler: ImmediateSchedulerType, observer: Observer) {
        self.scheduler = scheduler
        super.init(observer: observer)
    }

    func on(_ event: Event<Observer.Element>) {
        let mustSchedule = lock.withLock { () -> Bool in
            queue.append(event)
            if scheduled { return false }
            scheduled = true
            return true
        }
        guard mustSchedule, !isDisposed else { return }
        let action = scheduler.schedule(self) { sink in
            sink.drain()
            return Disposables.create()
        }
        lock.withLock { pending = action }
        if isDisposed { action.dispose() }
    }

    private func drain() {
        while !isDisposed, let event = lock.withLock({ () -> Event<Observer.Element>? in
            let event = queue.popFirst()
            if event == nil { scheduled = false }
            return event
        }) {
            forward(event)
        }
    }

    override func disposeResources() {
        let action = lock.withLock { () -> Disposable? in
            queue.removeAll()
            defer { pending = nil }
            return pending
        }
        action?.dispose()
    }
}

extension ObservableType {
    /// Delivers the source's events on `scheduler`, in order.
    ///
    /// ```
    /// source (thread A):            1-2|
    /// observe(on: main) (main):     -1-2|
    /// ```
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { observer in
            let sink = ObserveOnSink(scheduler: scheduler, observer: observer)
            sink.attach(source.subscribe(sink))
            return sink
        }
    }

    /// Delivers the source's events on `scheduler`.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        observe(on: scheduler)
    }
}
