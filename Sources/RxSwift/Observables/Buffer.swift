struct BufferState<Element> {
    var buffer: [Element] = []
    var window = 0
}

/// What `buffer` delivers: a buffer, with the window it opened, whose timer starts once the buffer
/// is downstream; or the end (the last buffer and completion, or the error).
enum BufferItem<Element> {
    case buffer([Element], opened: Int)
    case event(Event<[Element]>)
}

/// Collects elements into buffers; a buffer goes out when it is full or when its window's timer
/// fires. The next window's timer starts once the buffer that opened it has been delivered, as
/// in RxSwift (which starts it under the lock it forwards the buffer with): timers never run
/// ahead of the deliveries.
final class BufferSink<Element>: LockedSink<BufferState<Element>, BufferItem<Element>, Element, [Element]>,
    @unchecked Sendable
{
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
            synchronized { state, queue in
                if state.window == window { emit(&state, into: &queue) }
            }
        }
    }

    override func receiveNext(_ element: Element) {
        synchronized { state, queue in
            state.buffer.append(element)
            if state.buffer.count == count { emit(&state, into: &queue) }
        }
    }

    override func receiveCompleted() {
        synchronized { state, queue in
            queue.append(.event(.next(state.buffer)))
            queue.append(.event(.completed))
        }
    }

    override func receiveError(_ error: Swift.Error) {
        send(.event(.error(error)))
    }

    /// Emits the buffer and opens the next window.
    private func emit(_ state: inout BufferState<Element>, into queue: inout DeliveryQueue<BufferItem<Element>>) {
        state.window += 1
        queue.append(.buffer(state.buffer, opened: state.window))
        state.buffer = []
    }

    override func deliver(_ item: BufferItem<Element>) {
        switch item {
        case .buffer(let buffer, let opened):
            forwardNext(buffer)
            if !isDisposed { startTimer(opened) }
        case .event(let event):
            forward(event)
        }
    }

    override func disposeResources() {
        timer.dispose()
    }
}

extension ObservableType {
    /// Collects elements into arrays, emitted when `count` elements have arrived or `timeSpan`
    /// has passed since the last array (possibly empty), whichever comes first; the remainder is
    /// emitted on completion. A `count` below 1 sets no limit, as in RxSwift: the arrays are then
    /// closed by time and completion only.
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
        let source = asObservable()
        let count = count < 1 ? Int.max : count
        return OperatorObservable { downstream in
            let sink = BufferSink<Element>(
                timeSpan: timeSpan, count: count, scheduler: scheduler, downstream: downstream)
            sink.startTimer(0)
            return sink.run(source)
        }
    }
}
