/// The state of `window`: the open window, how many elements it has, and its generation (which
/// tells a timer whether the window it was set for is still open).
struct WindowState<Element> {
    var window = PublishSubject<Element>()
    var count = 0
    var generation = 0
    /// Whether the source ended: no window opens after that (a timer firing meanwhile would open
    /// one that nothing completes, and the downstream, `flatMap { $0 }` say, would never end).
    var ended = false
}

final class WindowSink<Element>: EventLockedSink<WindowState<Element>, Element, Observable<Element>>,
    @unchecked Sendable
{
    // @unchecked Sendable: as `LockedSink`; `timer` is a SerialDisposable.
    private let timeSpan: RxTimeInterval
    private let maxCount: Int
    private let scheduler: SchedulerType
    let timer = SerialDisposable()

    init(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType, downstream: Link) {
        self.timeSpan = timeSpan
        self.maxCount = count
        self.scheduler = scheduler
        super.init(state: WindowState(), downstream: downstream)
    }

    func start() {
        let first = withState { $0.window }
        send(.next(first.asObservable()))
        startTimer(generation: 0)
    }

    override func receiveNext(_ element: Element) {
        let (window, rolled) = withState { state -> (PublishSubject<Element>, Roll?) in
            let window = state.window
            state.count += 1
            return (window, state.count == maxCount ? roll(&state) : nil)
        }
        window.onNext(element)
        if let rolled { finish(rolled) }
    }

    override func receiveError(_ error: Swift.Error) {
        endWindows().onError(error)
        super.receiveError(error)
    }

    override func receiveCompleted() {
        endWindows().onCompleted()
        super.receiveCompleted()
    }

    /// Marks the end under the lock, so that a timer firing now opens no window; returns the open
    /// window, which the end closes.
    private func endWindows() -> PublishSubject<Element> {
        withState { state in
            state.ended = true
            return state.window
        }
    }

    /// A window change decided under the lock.
    private struct Roll {
        let closed: PublishSubject<Element>
        let opened: PublishSubject<Element>
        let generation: Int
    }

    /// Opens the next window in `state`. Call under the lock.
    private func roll(_ state: inout WindowState<Element>) -> Roll {
        let closed = state.window
        state.window = PublishSubject()
        state.count = 0
        state.generation += 1
        return Roll(closed: closed, opened: state.window, generation: state.generation)
    }

    /// Completes the closed window, emits the new one and restarts the timer for it.
    private func finish(_ rolled: Roll) {
        rolled.closed.onCompleted()
        send(.next(rolled.opened.asObservable()))
        startTimer(generation: rolled.generation)
    }

    private func startTimer(generation: Int) {
        timer.disposable = scheduler.scheduleRelative(generation, dueTime: timeSpan) { [weak self] generation in
            self?.timeSpanEnded(generation: generation)
            return Disposables.create()
        }
    }

    private func timeSpanEnded(generation: Int) {
        let rolled = withState { state in !state.ended && state.generation == generation ? roll(&state) : nil }
        if let rolled { finish(rolled) }
    }

    override func disposeResources() {
        timer.dispose()
    }
}

extension ObservableType {
    /// Splits the source into windows: a new window opens at subscription, whenever `timeSpan`
    /// passes, and whenever the open window has received `count` elements (whichever comes
    /// first). Each window completes as the next one opens; the source's completion or error ends
    /// the open window and the sequence. A `count` below 1 fails with `RxError.argumentOutOfRange`.
    ///
    /// ```
    /// source:                          1-2-3-4-5|
    /// window(timeSpan: 10, count: 2):  a-b---c--|
    /// a:                               1-(2|)
    /// b:                                 --3-(4|)
    /// c:                                     --5|
    /// ```
    ///
    /// - Parameters:
    ///   - timeSpan: The longest a buffer or window stays open.
    ///   - count: The most elements in a window.
    ///   - scheduler: The scheduler whose clock times each window's span and on which a window closed by its timer
    ///     completes (and the next opens).
    public func window(
        timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType
    ) -> Observable<Observable<Element>> {
        if count < 1 {
            return .error(
                RxError.argumentOutOfRange("window(timeSpan:count: \(count)): count must be ≥ 1, got \(count)"))
        }
        let source = asObservable()
        return OperatorObservable { downstream in
            let sink = WindowSink<Element>(
                timeSpan: timeSpan, count: count, scheduler: scheduler, downstream: downstream)
            // The first window goes downstream before the source can emit into it.
            sink.start()
            sink.attach(Disposables.create(sink.timer, source.subscribe(receiver: sink)))
            return sink
        }
    }
}
