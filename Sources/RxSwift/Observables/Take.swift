final class TakeCountSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `remaining` is touched only by serial deliveries.
    private var remaining: Int

    init(count: Int, downstream: Link) {
        remaining = count
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        guard remaining > 0 else { return }
        remaining -= 1
        forwardNext(element)
        if remaining == 0 { forwardCompleted() }
    }
}

final class TakeTimeSink<Element>: EventLockedSink<NoLockedState, Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink`.
    let timer = SingleAssignmentDisposable()

    override func receiveNext(_ element: Element) {
        send(.next(element))
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
    /// take(2):  1-(2|)
    /// ```
    ///
    /// - Parameter count: How many elements to forward.
    public func take(_ count: Int) -> Observable<Element> {
        if count < 0 { return .error(RxError.argumentOutOfRange("take(\(count)): count must be ≥ 0, got \(count)")) }
        if count == 0 { return .empty() }
        let source = asObservable()
        return OperatorObservable { downstream in
            TakeCountSink(count: count, downstream: downstream).run(source)
        }
    }

    /// Emits the elements of the first `duration` after subscription, then completes.
    ///
    /// ```
    /// source:               1-2-3-4|
    /// take(for: 3 ticks):   1-2|
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long to forward elements.
    ///   - scheduler: The scheduler whose clock ends the sequence when `duration` has passed; the completion is
    ///     delivered on it.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return OperatorObservable { downstream in
            let sink = TakeTimeSink<Element>(state: NoLockedState(), downstream: downstream)
            sink.timer.setDisposable(
                scheduler.scheduleRelative((), dueTime: duration) { _ in
                    sink.receiveCompleted()
                    return Disposables.create()
                })
            return sink.run(source)
        }
    }

    /// Emits the elements of the first `duration` after subscription, then completes.
    ///
    /// - Parameters:
    ///   - duration: How long to forward elements.
    ///   - scheduler: The scheduler whose clock ends the sequence when `duration` has passed; the completion is
    ///     delivered on it.
    @available(*, deprecated, renamed: "take(for:scheduler:)")
    public func take(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        take(for: duration, scheduler: scheduler)
    }
}
