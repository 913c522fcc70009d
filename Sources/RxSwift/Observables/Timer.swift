extension ObservableType where Element: RxAbstractInteger {
    /// Emits `0` after `dueTime`; with a `period`, then `1, 2, …` every period, forever.
    /// Without a period it completes after the single element.
    ///
    /// ```
    /// timer(.seconds(2)):            --0|
    /// timer(.seconds(2), period: 1): --0123…
    /// ```
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType) -> Observable<Element> {
        AnonymousObservable { observer in
            if let period {
                return scheduler.schedulePeriodic(Element(0), startAfter: dueTime, period: period) { tick in
                    observer.on(.next(tick))
                    return tick &+ 1
                }
            }
            return scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                observer.on(.next(0))
                observer.on(.completed)
                return Disposables.create()
            }
        }
    }

    /// Emits `0, 1, 2, …`, one every `period`, forever.
    ///
    /// ```
    /// interval(.seconds(1)):  -0-1-2-3…
    /// ```
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timer(period, period: period, scheduler: scheduler)
    }
}
