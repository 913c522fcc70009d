extension ObservableType {
    /// Subscribes to (and disposes) the source on `scheduler`. Events are delivered wherever the
    /// source produces them.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { observer in
            let subscription = SerialDisposable()
            let scheduled = SingleAssignmentDisposable()
            subscription.disposable = scheduled
            scheduled.setDisposable(scheduler.schedule(()) { _ in
                subscription.disposable = ScheduledDisposable(scheduler: scheduler, disposable: source.subscribe(observer))
                return Disposables.create()
            })
            return subscription
        }
    }

    /// Subscribes to the source on `scheduler`.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}
