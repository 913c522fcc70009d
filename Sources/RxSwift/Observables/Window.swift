/// The state of `window`: the open window, how many elements it has, and its generation (which
/// tells a timer whether the window it was set for is still open).
struct WindowState<Element> {
    var window = PublishSubject<Element>()
    var count = 0
    var generation = 0
    /// Whether the source ended. A window a timer opens after that is queued behind the end,
    /// whose delivery ends the stage: it never goes downstream (where nothing would complete it,
    /// and `flatMap { $0 }` would never end).
    var ended = false
}

/// What `window` delivers, in the order decided under its lock: a window opening downstream,
/// an element into a window, a window closing, the end of the sequence.
enum WindowItem<Element> {
    /// A window and its generation, whose timer starts once the window is downstream.
    case open(PublishSubject<Element>, generation: Int)
    case element(PublishSubject<Element>, Element)
    case close(PublishSubject<Element>)
    case end(PublishSubject<Element>, Swift.Error?)
}

/// Everything `window` does goes through one delivery queue, in the order it was decided under
/// the lock: a window is emitted downstream before any element is sent into it, and completes
/// after its last element, whichever thread (the source's or the timer's) decided what. (An
/// element sent into a window that a timer had just opened on another thread, before that
/// window reached downstream, was lost.)
///
/// A window's timer starts when the window has been delivered, as in RxSwift (which starts it
/// under the lock it forwards the window with): timers never run ahead of the deliveries. (Started
/// when the window was decided, short timers on a loaded machine opened windows faster than one
/// thread could deliver them, and the source's elements waited behind an ever longer queue.)
final class WindowSink<Element>: LockedSink<WindowState<Element>, WindowItem<Element>, Element, Observable<Element>>,
    @unchecked Sendable
{
    // @unchecked Sendable: as `LockedSink`; `timer` is a `TimerSlot` (a lock of its own).
    private let timeSpan: RxTimeInterval
    private let maxCount: Int
    private let scheduler: SchedulerType
    let timer = TimerSlot()

    init(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType, downstream: Link) {
        self.timeSpan = timeSpan
        self.maxCount = count
        self.scheduler = scheduler
        super.init(state: WindowState(), downstream: downstream)
    }

    func start() {
        synchronized { state, queue in queue.append(.open(state.window, generation: 0)) }
    }

    override func receiveNext(_ element: Element) {
        synchronized { state, queue in
            guard !state.ended else { return }
            queue.append(.element(state.window, element))
            state.count += 1
            if state.count == maxCount { roll(&state, &queue) }
        }
    }

    override func receiveError(_ error: Swift.Error) {
        end(error)
    }

    override func receiveCompleted() {
        end(nil)
    }

    /// Ends the open window and the sequence, once, behind everything decided before.
    private func end(_ error: Swift.Error?) {
        synchronized { state, queue in
            guard !state.ended else { return }
            state.ended = true
            queue.append(.end(state.window, error))
        }
    }

    /// Closes the open window and opens the next in `state`. Call under the lock.
    private func roll(_ state: inout WindowState<Element>, _ queue: inout DeliveryQueue<WindowItem<Element>>) {
        queue.append(.close(state.window))
        state.window = PublishSubject()
        state.count = 0
        state.generation += 1
        queue.append(.open(state.window, generation: state.generation))
    }

    override func deliver(_ item: WindowItem<Element>) {
        switch item {
        case .open(let window, let generation):
            forwardNext(window.asObservable())
            if !isDisposed { startTimer(generation: generation) }
        case .element(let window, let element): window.onNext(element)
        case .close(let window): window.onCompleted()
        case .end(let window, let error):
            if let error {
                window.onError(error)
                forwardError(error)
            } else {
                window.onCompleted()
                forwardCompleted()
            }
        }
    }

    private func startTimer(generation: Int) {
        timer.schedule(generation, key: generation, after: timeSpan, on: scheduler) { [weak self] generation in
            self?.timeSpanEnded(generation: generation)
        }
    }

    private func timeSpanEnded(generation: Int) {
        synchronized { state, queue in
            if state.generation == generation { roll(&state, &queue) }
        }
    }

    override func disposeResources() {
        timer.dispose()
    }
}

extension ObservableType {
    /// Splits the source into windows: a new window opens at subscription, whenever `timeSpan`
    /// passes, and whenever the open window has received `count` elements (whichever comes
    /// first). Each window completes as the next one opens; the source's completion or error ends
    /// the open window and the sequence. A `count` below 1 sets no limit, as in RxSwift: windows
    /// then open by time only.
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
        let source = asObservable()
        let count = count < 1 ? Int.max : count
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
