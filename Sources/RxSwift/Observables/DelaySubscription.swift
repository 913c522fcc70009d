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
    ///   - scheduler: The scheduler whose clock times `dueTime` and on which the source is subscribed to when it has
    ///     passed.
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
