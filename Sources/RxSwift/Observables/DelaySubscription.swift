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
            // The source's subscription is the scheduled action's result, which the scheduled
            // item keeps (and disposes with it), as in RxSwift. Assigning both into one
            // SerialDisposable raced: a timer that fired before `scheduleRelative` returned had its
            // source subscription replaced, and so disposed, by the timer's own disposable.
            sink.attach(scheduler.scheduleRelative((), dueTime: dueTime) { _ in source.subscribe(receiver: sink) })
            return sink
        }
    }
}
