final class SkipCountSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `remaining` is touched only by serial `on` calls.
    private var remaining: Int

    init(count: Int, observer: Observer) {
        remaining = count
        super.init(observer: observer)
    }

    func on(_ event: Event<Observer.Element>) {
        if case .next = event, remaining > 0 {
            remaining -= 1
            return
        }
        forward(event)
    }
}

final class SkipTimeSink<Observer: ObserverType>: EventLockedSink<Bool, Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink` (its state, "open", is under its lock).
    let timer = SingleAssignmentDisposable()

    func on(_ event: Event<Observer.Element>) {
        synchronized { open, outbox in
            if case .next = event, !open { return }
            outbox.append(event)
        }
    }

    override func disposeResources() {
        timer.dispose()
    }
}

extension ObservableType {
    /// Skips the first `count` elements. A negative `count` fails with `RxError.argumentOutOfRange`.
    ///
    /// ```
    /// source:   1-2-3|
    /// skip(2):  ----3|
    /// ```
    public func skip(_ count: Int) -> Observable<Element> {
        if count < 0 { return .error(RxError.argumentOutOfRange) }
        let source = asObservable()
        return AnonymousObservable { observer in
            let sink = SkipCountSink(count: count, observer: observer)
            sink.attach(source.subscribe(sink))
            return sink
        }
    }

    /// Skips the elements emitted during `duration` after subscription.
    ///
    /// ```
    /// source:                 1-2-3-4|
    /// skip(for: 3 ticks):     ----3-4|
    /// ```
    public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { observer in
            let sink = SkipTimeSink(state: false, observer: observer)
            sink.timer.setDisposable(scheduler.scheduleRelative((), dueTime: duration) { _ in
                sink.withState { $0 = true }
                return Disposables.create()
            })
            sink.attach(source.subscribe(sink))
            return sink
        }
    }

    /// Skips the elements emitted during `duration` after subscription.
    @available(*, deprecated, renamed: "skip(for:scheduler:)")
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        skip(for: duration, scheduler: scheduler)
    }
}
