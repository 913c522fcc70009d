final class SkipCountSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `remaining` is touched only by serial deliveries.
    private var remaining: Int

    init(count: Int, downstream: Link) {
        remaining = count
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        guard remaining == 0 else {
            remaining -= 1
            return
        }
        forwardNext(element)
    }
}

final class SkipTimeSink<Element>: EventLockedSink<Bool, Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink` (its state, "open", is under its lock).
    let timer = SingleAssignmentDisposable()

    override func receiveNext(_ element: Element) {
        synchronized { open, outbox in
            if open { outbox.append(.next(element)) }
        }
    }

    override func disposeResources() {
        timer.dispose()
    }
}

extension ObservableType {
    /// Skips the first `count` elements. A negative `count` skips nothing, as in RxSwift.
    ///
    /// ```
    /// source:   1-2-3|
    /// skip(2):  ----3|
    /// ```
    ///
    /// - Parameter count: How many elements to skip.
    public func skip(_ count: Int) -> Observable<Element> {
        let source = asObservable()
        let count = max(0, count)
        return OperatorObservable { downstream in
            SkipCountSink(count: count, downstream: downstream).run(source)
        }
    }

    /// Skips the elements emitted during `duration` after subscription.
    ///
    /// ```
    /// source:                 1-2-3-4|
    /// skip(for: 3 ticks):     ----3-4|
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long to skip elements.
    ///   - scheduler: The scheduler whose clock says when `duration` has passed since the subscription.
    public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return OperatorObservable { downstream in
            let sink = SkipTimeSink<Element>(state: false, downstream: downstream)
            sink.timer.setDisposable(
                scheduler.scheduleRelative((), dueTime: duration) { _ in
                    sink.withState { $0 = true }
                    return Disposables.create()
                })
            return sink.run(source)
        }
    }

    /// Skips the elements emitted during `duration` after subscription: RxSwift 6's name, not
    /// deprecated there (nor here); `skip(for:scheduler:)` is the same, named as `take(for:scheduler:)`.
    ///
    /// - Parameters:
    ///   - duration: How long to skip elements.
    ///   - scheduler: The scheduler whose clock says when `duration` has passed since the subscription.
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        skip(for: duration, scheduler: scheduler)
    }
}
