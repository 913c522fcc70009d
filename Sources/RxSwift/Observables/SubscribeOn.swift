extension ObservableType {
    /// Subscribes to (and disposes) the source on `scheduler`. Events are delivered wherever the
    /// source produces them. The source's subscription is disposed on `scheduler` also when the
    /// source terminates (one step later on a `TestScheduler`, as in RxSwift).
    ///
    /// - Parameter scheduler: The scheduler on which the source is subscribed to and, later, disposed; events arrive
    ///     wherever the source sends them.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        // The source as it is: an `asObservable()` wrapper around a foreign sequence would dispose
        // its subscription at once when it terminates, instead of on `scheduler`.
        let source = self
        return OperatorObservable { downstream in
            let sink = ForwardSink<Element>(downstream: downstream)
            let subscription = SerialDisposable()
            let scheduled = SingleAssignmentDisposable()
            subscription.disposable = scheduled
            sink.attach(subscription)
            scheduled.setDisposable(
                scheduler.schedule(()) { _ in
                    subscription.disposable = ScheduledDisposable(
                        scheduler: scheduler, disposable: source.subscribe(sink))
                    return Disposables.create()
                })
            return sink
        }
    }

    /// Subscribes to (and disposes) the source on `actor`: on the main actor at once when
    /// subscribed on main, otherwise in a block of the main queue; on another actor in a job of
    /// its executor. Events are delivered wherever the source produces them (add
    /// `observe(on:)` the actor to deliver them on the actor too).
    ///
    /// - Parameter actor: The actor on which the source is subscribed to and, later, disposed.
    public func subscribe(on actor: any Actor) -> Observable<Element> {
        subscribe(on: Isolation.scheduler(for: actor))
    }

    /// Subscribes to the source on `scheduler`.
    ///
    /// - Parameter scheduler: The scheduler on which the source is subscribed to and, later, disposed; events arrive
    ///     wherever the source sends them.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}
