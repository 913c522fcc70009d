extension ObservableType where Element: RxAbstractInteger {
    /// Emits `0` after `dueTime`; with a `period`, then `1, 2, …` every period, forever.
    /// Without a period it completes after the single element.
    ///
    /// ```
    /// timer(.seconds(2)):                        --(0|)
    /// timer(.seconds(2), period: .seconds(2)):   --0-1-2…
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long until the first element.
    ///   - period: The time between the following elements (nil: one element only). A negative
    ///     period fails with `RxError.argumentOutOfRange`.
    ///   - scheduler: The scheduler whose clock times `dueTime` (and each period) and on which each value is delivered.
    public static func timer(
        _ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType
    ) -> Observable<Element> {
        timer(dueTime, period: period, scheduler: scheduler, operator: "timer(_:period: ")
    }

    /// `timer` and `interval`; `operatorName` is what a bad period's message names.
    private static func timer(
        _ dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: SchedulerType, operator operatorName: String
    ) -> Observable<Element> {
        if let period, period.timeInterval < 0 {
            return .error(
                RxError.argumentOutOfRange("\(operatorName)\(period)): period must be ≥ 0, got \(period)"))
        }
        return OperatorObservable { downstream in
            let sink = ForwardSink<Element>(downstream: downstream)
            if let period {
                sink.attach(
                    scheduler.schedulePeriodic(Element(0), startAfter: dueTime, period: period) { tick in
                        sink.receiveNext(tick)
                        return tick &+ 1
                    })
            } else {
                sink.attach(
                    scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                        sink.receiveNext(0)
                        sink.receiveCompleted()
                        return Disposables.create()
                    })
            }
            return sink
        }
    }

    /// Emits `0, 1, 2, …`, one every `period`, forever.
    ///
    /// ```
    /// interval(.seconds(2)):  --0-1-2…
    /// ```
    ///
    /// - Parameters:
    ///   - period: The time between two elements. A negative period fails with
    ///     `RxError.argumentOutOfRange`.
    ///   - scheduler: The scheduler whose clock times the periods and on which each tick is delivered.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timer(period, period: period, scheduler: scheduler, operator: "interval(")
    }
}
