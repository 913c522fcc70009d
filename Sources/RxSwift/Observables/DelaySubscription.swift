extension ObservableType {
    /// Subscribes to the source only after `dueTime`.
    ///
    /// ```
    /// source (cold):                 1-2|
    /// delaySubscription(3 ticks):    ---1-2|
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long to wait before subscribing.
    ///   - scheduler: The scheduler that runs the operator's timers and deliveries.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return OperatorObservable { downstream in
            let sink = ForwardSink<Element>(downstream: downstream)
            let subscription = SerialDisposable()
            sink.attach(subscription)
            subscription.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                subscription.disposable = source.subscribe(receiver: sink)
                return Disposables.create()
            }
            return sink
        }
    }
}
