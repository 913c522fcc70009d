final class TakeCountSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `remaining` is touched only by serial `on` calls.
    private var remaining: Int

    init(count: Int, observer: Observer) {
        remaining = count
        super.init(observer: observer)
    }

    func on(_ event: Event<Observer.Element>) {
        guard case .next(let element) = event else { return forwardTerminal(event) }
        guard remaining > 0 else { return }
        remaining -= 1
        forwardNext(element)
        if remaining == 0 { forwardTerminal(.completed) }
    }
}

final class TakeTimeSink<Observer: ObserverType>: EventLockedSink<Void, Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink`.
    let timer = SingleAssignmentDisposable()

    func on(_ event: Event<Observer.Element>) {
        synchronized { _, outbox in outbox.append(event) }
    }

    override func disposeResources() {
        timer.dispose()
    }
}

extension ObservableType {
    /// Emits the first `count` elements, then completes (and disposes the source). `take(0)`
    /// completes without subscribing; a negative `count` fails with `RxError.argumentOutOfRange`.
    ///
    /// ```
    /// source:   1-2-3|
    /// take(2):  1-2|
    /// ```
    public func take(_ count: Int) -> Observable<Element> {
        if count < 0 { return .error(RxError.argumentOutOfRange) }
        if count == 0 { return .empty() }
        let source = asObservable()
        return AnonymousObservable { observer in
            let sink = TakeCountSink(count: count, observer: observer)
            sink.attach(source.subscribe(sink))
            return sink
        }
    }

    /// Emits the elements of the first `duration` after subscription, then completes.
    ///
    /// ```
    /// source:               1-2-3-4|
    /// take(for: 3 ticks):   1-2|
    /// ```
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { observer in
            let sink = TakeTimeSink(state: (), observer: observer)
            sink.timer.setDisposable(scheduler.scheduleRelative((), dueTime: duration) { _ in
                sink.on(.completed)
                return Disposables.create()
            })
            sink.attach(source.subscribe(sink))
            return sink
        }
    }

    /// Emits the elements of the first `duration` after subscription, then completes.
    @available(*, deprecated, renamed: "take(for:scheduler:)")
    public func take(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        take(for: duration, scheduler: scheduler)
    }
}
