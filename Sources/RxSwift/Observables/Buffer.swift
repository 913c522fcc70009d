struct BufferState<Element> {
    var buffer: [Element] = []
    var window = 0
}

final class BufferSink<Element>: EventLockedSink<BufferState<Element>, Element, [Element]>, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink`; `timer` is a `TimerSlot` (a lock of its own).
    private let timeSpan: RxTimeInterval
    private let count: Int
    private let scheduler: SchedulerType
    private let timer = TimerSlot()

    init(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType, downstream: Link) {
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
        super.init(state: BufferState(), downstream: downstream)
    }

    /// Starts the timer of window `window`: when it fires while that window is still open, the
    /// buffer (possibly empty) is emitted and a new window starts.
    func startTimer(_ window: Int) {
        timer.schedule(window, key: window, after: timeSpan, on: scheduler) { [self] window in
            let next: Int? = synchronized { state, outbox in
                guard state.window == window else { return nil }
                return emit(&state, into: &outbox)
            }
            if let next { startTimer(next) }
        }
    }

    override func receiveNext(_ element: Element) {
        let next: Int? = synchronized { state, outbox in
            state.buffer.append(element)
            return state.buffer.count == count ? emit(&state, into: &outbox) : nil
        }
        if let next { startTimer(next) }
    }

    override func receiveCompleted() {
        synchronized { state, outbox in
            outbox.append(.next(state.buffer))
            outbox.append(.completed)
        }
    }

    /// Emits the buffer and opens the next window; returns its number.
    private func emit(_ state: inout BufferState<Element>, into outbox: inout DeliveryQueue<Event<[Element]>>) -> Int {
        outbox.append(.next(state.buffer))
        state.buffer = []
        state.window += 1
        return state.window
    }

    override func disposeResources() {
        timer.dispose()
    }
}

extension ObservableType {
    /// Collects elements into arrays, emitted when `count` elements have arrived or `timeSpan`
    /// has passed since the last array (possibly empty), whichever comes first; the remainder is
    /// emitted on completion. A `count` below 1 fails with `RxError.argumentOutOfRange`.
    ///
    /// ```
    /// source:                          1-2-3-------4|
    /// buffer(timeSpan: 6, count: 2):   --[1,2]-[3]--([4]|)
    /// ```
    ///
    /// - Parameters:
    ///   - timeSpan: The longest a buffer or window stays open.
    ///   - count: The most elements in a buffer.
    ///   - scheduler: The scheduler whose clock times each buffer's span and on which a buffer closed by its timer is
    ///     delivered.
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        if count < 1 {
            return .error(
                RxError.argumentOutOfRange("buffer(timeSpan:count: \(count)): count must be ≥ 1, got \(count)"))
        }
        let source = asObservable()
        return OperatorObservable { downstream in
            let sink = BufferSink<Element>(
                timeSpan: timeSpan, count: count, scheduler: scheduler, downstream: downstream)
            sink.startTimer(0)
            return sink.run(source)
        }
    }
}
