/// The state of `window`: the open window, how many elements it has, and its generation (which
/// tells a timer whether the window it was set for is still open).
struct WindowState<Element> {
    var window = PublishSubject<Element>()
    var count = 0
    var generation = 0
}

final class WindowSink<Element, Observer: ObserverType>: EventLockedSink<WindowState<Element>, Observer>, ObserverType, @unchecked Sendable where Observer.Element == Observable<Element> {
    // @unchecked Sendable: as `LockedSink`; `timer` is a SerialDisposable.
    private let timeSpan: RxTimeInterval
    private let maxCount: Int
    private let scheduler: SchedulerType
    let timer = SerialDisposable()

    init(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType, observer: Observer) {
        self.timeSpan = timeSpan
        self.maxCount = count
        self.scheduler = scheduler
        super.init(state: WindowState(), observer: observer)
    }

    func start() {
        let first = withState { $0.window }
        synchronized { _, outbox in outbox.append(.next(first.asObservable())) }
        startTimer(generation: 0)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            var opened: Int?
            let (window, closed) = withState { state -> (PublishSubject<Element>, PublishSubject<Element>?) in
                let window = state.window
                state.count += 1
                guard state.count == maxCount else { return (window, nil) }
                state.window = PublishSubject()
                state.count = 0
                state.generation += 1
                opened = state.generation
                return (window, window)
            }
            window.onNext(element)
            if let closed, let generation = opened {
                closed.onCompleted()
                let next = withState { $0.window }
                synchronized { _, outbox in outbox.append(.next(next.asObservable())) }
                startTimer(generation: generation)
            }
        case .error, .completed:
            let window = withState { $0.window }
            window.on(event)
            synchronized { _, outbox in
                switch event {
                case .error(let error): outbox.append(.error(error))
                default: outbox.append(.completed)
                }
            }
        }
    }

    private func startTimer(generation: Int) {
        timer.disposable = scheduler.scheduleRelative(generation, dueTime: timeSpan) { [weak self] generation in
            self?.timeSpanEnded(generation: generation)
            return Disposables.create()
        }
    }

    private func timeSpanEnded(generation: Int) {
        let closed = withState { state -> PublishSubject<Element>? in
            guard state.generation == generation else { return nil }
            let window = state.window
            state.window = PublishSubject()
            state.count = 0
            state.generation += 1
            return window
        }
        guard let closed else { return }
        closed.onCompleted()
        let next = withState { $0.window }
        synchronized { _, outbox in outbox.append(.next(next.asObservable())) }
        startTimer(generation: generation + 1)
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
    /// source:                        1-2-3-4-5|
    /// window(timeSpan: big, count: 2): a---b---c|   a: 1-2|  b: 3-4|  c: 5|
    /// ```
    public func window(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<Observable<Element>> {
        if count < 1 { return .error(RxError.argumentOutOfRange) }
        let source = asObservable()
        return AnonymousObservable { observer in
            let sink = WindowSink(timeSpan: timeSpan, count: count, scheduler: scheduler, observer: observer)
            // The first window goes downstream before the source can emit into it.
            sink.start()
            sink.attach(Disposables.create(sink.timer, source.subscribe(sink)))
            return sink
        }
    }
}
