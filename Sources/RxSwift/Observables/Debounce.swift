struct DebounceState<Element> {
    var id = 0
    var value: Element?
}

final class DebounceSink<Element>: EventLockedSink<DebounceState<Element>, Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink`; `timer` is a `TimerSlot` (a lock of its own).
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let timer = TimerSlot()

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, downstream: Link) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(state: DebounceState(), downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        let id = withState { state -> Int in
            state.id += 1
            state.value = element
            return state.id
        }
        timer.schedule(id, key: id, after: dueTime, on: scheduler) { [self] id in
            synchronized { state, outbox in
                guard state.id == id, let value = state.value else { return }
                state.value = nil
                outbox.append(.next(value))
            }
        }
    }

    override func receiveError(_ error: Swift.Error) {
        synchronized { state, outbox in
            state.value = nil
            outbox.append(.error(error))
        }
    }

    override func receiveCompleted() {
        synchronized { state, outbox in
            if let value = state.value {
                state.value = nil
                outbox.append(.next(value))
            }
            outbox.append(.completed)
        }
    }

    override func disposeResources() {
        timer.dispose()
    }
}

extension ObservableType {
    /// Emits an element only after `dueTime` has passed without another element; the pending
    /// element is emitted at once if the source completes.
    ///
    /// ```
    /// source:              1-2-----3|
    /// debounce(3 ticks):   -----2---(3|)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long the source must stay silent before its latest element is emitted.
    ///   - scheduler: The scheduler whose clock times the quiet period and on which an element is delivered once it
    ///     has passed.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return OperatorObservable { downstream in
            DebounceSink(dueTime: dueTime, scheduler: scheduler, downstream: downstream).run(source)
        }
    }
}
