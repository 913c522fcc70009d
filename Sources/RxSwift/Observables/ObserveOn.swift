/// Re-delivers events on a scheduler, in order, one scheduled action per event, as RxSwift
/// does: on a serial dispatch queue (and the main scheduler) each event is scheduled as it
/// arrives; on other schedulers one action delivers one event and schedules the next, so events
/// never overlap. On a `TestScheduler` each event therefore lands one tick after the previous.
final class ObserveOnSink<Element>: Sink<Element, Element>, SerialDeliverer, @unchecked Sendable {
    // @unchecked Sendable: `queue` and `pending` are guarded by `lock`.
    private let scheduler: ImmediateSchedulerType
    /// The scheduler when it is a serial dispatch queue (or the main scheduler).
    private let serial: SerialDispatchQueueScheduler?
    /// The scheduler when it is the main scheduler.
    private let main: MainScheduler?
    private let lock = Lock()
    /// The events waiting; the delivering role is held by the scheduled step.
    private var queue = DeliveryQueue<Event<Element>>()
    private var pending: Disposable?

    init(scheduler: ImmediateSchedulerType, downstream: Link) {
        self.scheduler = scheduler
        serial = scheduler as? SerialDispatchQueueScheduler
        main = scheduler as? MainScheduler
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        // Already on main with nothing of the main scheduler's queued: delivered at once, without
        // making an event (the main scheduler would run it at once too).
        if let main, main.beginImmediate() {
            defer { main.endImmediate() }
            if !isDisposed { forwardNext(element) }
            return
        }
        schedule(.next(element))
    }

    override func receiveError(_ error: Swift.Error) {
        schedule(.error(error))
    }

    override func receiveCompleted() {
        schedule(.completed)
    }

    private func schedule(_ event: Event<Element>) {
        guard !isDisposed else { return }
        if let serial {
            // The scheduler keeps the order; each event is its own action, interleaved with the
            // scheduler's other work as it arrives (batched on a queue the scheduler made:
            // `SerialRunQueue`); the action is never cancelled: a disposed sink lets it pass.
            serial.enqueue(self, event) { sink, event in
                if !sink.isDisposed { sink.forward(event) }
            }
            return
        }
        if lock.withLock({ queue.enqueue(event) }) { scheduleStep() }
    }

    private func scheduleStep() {
        let action = scheduler.schedule(self) { sink in
            sink.step()
            return Disposables.create()
        }
        lock.withLock { pending = action }
        if isDisposed { action.dispose() }
    }

    /// Delivers one event, then schedules the next step if more are queued.
    private func step() {
        guard !isDisposed else { return }
        if deliverOne() && !isDisposed { scheduleStep() }
    }

    func withDeliveryQueue<R>(_ body: (inout DeliveryQueue<Event<Element>>) -> R) -> R {
        lock.withLock { body(&queue) }
    }

    func deliver(_ event: Event<Element>) {
        forward(event)
    }

    override func disposeResources() {
        let action = lock.withLock { () -> Disposable? in
            queue.removeAll()
            defer { pending = nil }
            return pending
        }
        action?.dispose()
    }
}

/// `observe(on:)`: knows the actor its events arrive on when its scheduler runs work on one (the
/// main scheduler, an actor's), so that an operator whose closure belongs to that actor adds no
/// second delivery (`delivered(on:)`).
final class ObserveOnObservable<Element>: Producer<Element>, ActorDelivering {
    private let source: Observable<Element>
    private let scheduler: ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
        #if DEBUG
        if scheduler is SerialDispatchQueueScheduler { Resources.countSerialDispatchObservable(1) }
        #endif
    }

    #if DEBUG
    deinit {
        if scheduler is SerialDispatchQueueScheduler { Resources.countSerialDispatchObservable(-1) }
    }
    #endif

    var deliveryActor: (any Actor)? {
        if scheduler is MainScheduler { return MainActor.shared }
        return (scheduler as? ActorScheduler)?.actor
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        run(receiver: observer.receiverLink)
    }

    override func run(receiver: Link) -> Link {
        ObserveOnSink(scheduler: scheduler, downstream: receiver).run(source)
    }
}

extension ObservableType {
    /// Delivers the source's events on `scheduler`, in order.
    ///
    /// ```
    /// source, on thread A:    1-2|
    /// observe(on: s), on s:   1-2|
    /// ```
    ///
    /// - Parameter scheduler: The scheduler on which every event is delivered downstream; the subscription to the
    ///     source is made where `subscribe` is called.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        ObserveOnObservable(source: asObservable(), scheduler: scheduler)
    }

    /// Delivers the source's events on `actor`, in order, one at a time: the main actor, a
    /// global actor's shared instance, or any actor of yours.
    ///
    /// On the main actor (`MainActor.shared`) an event that arrives on main with none waiting is
    /// delivered at once, synchronously; one that arrives elsewhere is delivered in a block of
    /// the main queue. On another actor each event is delivered in a job of the actor's executor
    /// (Swift lets no code ask whether it already runs there without stopping). Operators and
    /// observers further down whose closures belong to `actor` (written in its methods) then run
    /// in the same job, with no second hop; nothing is delivered after disposal.
    ///
    /// ```swift
    /// actor Tally {
    ///     private(set) var total = 0
    ///     func count(_ values: Observable<Int>) -> Disposable {
    ///         values.observe(on: self)
    ///             .subscribe(onNext: { self.total += $0 })   // runs on the actor
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter actor: The actor on which every event is delivered downstream; the subscription to the source is
    ///     made where `subscribe` is called.
    public func observe(on actor: any Actor) -> Observable<Element> {
        asObservable().confined(toActor: actor)
    }

    /// Delivers the source's events on `scheduler`.
    ///
    /// - Parameter scheduler: The scheduler on which every event is delivered downstream; the subscription to the
    ///     source is made where `subscribe` is called.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        observe(on: scheduler)
    }
}
