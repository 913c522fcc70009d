/// The state of `retry(when:)` under its lock.
struct RetryWhenState {
    /// Whether the source failed and the trigger's answer is awaited.
    var awaitingTrigger = false
    /// The trigger's end, when it came while the source was running: applied at the source's
    /// next error (RxSwift's trigger is a subject that a new error's observer finds terminated).
    var triggerEnd: TerminalEvent?
}

/// Resubscribes to the source whenever the trigger sequence built from its errors emits after
/// an error. As in RxSwift, what the trigger does while the source runs waits for the source's
/// next error: an element is ignored, an end is applied then.
final class RetryWhenSink<Element>: EventLockedSink<RetryWhenState, Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink`; `current` and `trigger` are disposables, `errors` a
    // subject, `gate` serialises resubscription.
    private let source: Observable<Element>
    private let accepts: (Swift.Error) -> Bool
    let errors = PublishSubject<Swift.Error>()
    let current = SerialDisposable()
    let trigger = SingleAssignmentDisposable()
    private let gate = IterationGate()

    init(source: Observable<Element>, accepts: @escaping (Swift.Error) -> Bool, downstream: Link) {
        self.source = source
        self.accepts = accepts
        super.init(state: RetryWhenState(), downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        synchronizedNext(element) { _ in true }
    }

    override func receiveError(_ error: Swift.Error) {
        guard accepts(error) else { return super.receiveError(error) }
        // The failed attempt is disposed at once, while it delivers its error (before its
        // `do(afterError:)`), as in RxSwift: `onError onDispose afterError`.
        current.disposable = Disposables.create()
        let ended = synchronized { state, outbox -> Bool in
            guard let end = state.triggerEnd else {
                state.awaitingTrigger = true
                return false
            }
            outbox.append(end.event())
            return true
        }
        if !ended { errors.onNext(error) }
    }

    func onTrigger<Trigger>(_ event: Event<Trigger>) {
        let end: TerminalEvent
        switch event {
        case .next:
            let resubscribe = withState { state -> Bool in
                defer { state.awaitingTrigger = false }
                return state.awaitingTrigger
            }
            if resubscribe { subscribeSource() }
            return
        case .error(let error): end = .error(error)
        case .completed: end = .completed
        }
        synchronized { state, outbox in
            guard state.awaitingTrigger else { return state.triggerEnd = end }
            outbox.append(end.event())
        }
    }

    func subscribeSource() {
        gate.request {
            guard !isDisposed, !downstreamHasEnded else { return }
            // The failed attempt was disposed when it failed (`receiveError`), before this.
            current.disposable = source.subscribe(receiver: self)
        }
    }

    override func disposeResources() {
        current.dispose()
        trigger.dispose()
    }
}

extension ObservableType {
    /// Resubscribes to the source each time the sequence that `notificationHandler` builds from
    /// the source's errors emits an element after an error; completes or fails when that
    /// sequence does after an error (an end that comes while the source runs is applied at the
    /// source's next error; a source that completes completes the result). Errors that are not
    /// an `Error` are forwarded as they are.
    ///
    /// ```
    /// source (1st):                          1-#
    /// source (2nd):                               -1-2|
    /// retry(when: { $0.delay(3 ticks) }):    1-----1-2|
    /// ```
    ///
    /// - Parameters:
    ///   - notificationHandler: Receives the errors as a sequence; each element it emits resubscribes, its
    ///     completion completes, its error fails.
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping @isolated(any) (Observable<Error>) -> TriggerObservable
    ) -> Observable<Element> {
        let (notificationHandler, actor) = Isolation.split(notificationHandler)
        return subscribed(on: actor).retry(accepting: Error.self, when: notificationHandler)
    }

    /// Resubscribes to the source each time the sequence that `notificationHandler` builds from
    /// the source's errors emits an element.
    ///
    /// - Parameters:
    ///   - notificationHandler: Receives the errors as a sequence; each element it emits resubscribes, its
    ///     completion completes, its error fails.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping @isolated(any) (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        let (notificationHandler, actor) = Isolation.split(notificationHandler)
        return subscribed(on: actor).retry(accepting: Swift.Error.self, when: notificationHandler)
    }

    private func retry<TriggerObservable: ObservableType, Error>(
        accepting _: Error.Type, when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> Observable<Element> {
        let source = asObservable()
        return OperatorObservable { downstream in
            let sink = RetryWhenSink(source: source, accepts: { $0 is Error }, downstream: downstream)
            let errors = sink.errors.map { $0 as! Error }
            sink.trigger.setDisposable(notificationHandler(errors).subscribe { [sink] event in sink.onTrigger(event) })
            sink.attach(Disposables.create(sink.current, sink.trigger))
            sink.subscribeSource()
            return sink
        }
    }

    /// Resubscribes when the trigger emits.
    ///
    /// - Parameters:
    ///   - notificationHandler: Receives the errors as a sequence; each element it emits resubscribes, its
    ///     completion completes, its error fails.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping @isolated(any) (Observable<Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }

    /// Resubscribes when the trigger emits.
    ///
    /// - Parameters:
    ///   - notificationHandler: Receives the errors as a sequence; each element it emits resubscribes, its
    ///     completion completes, its error fails.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping @isolated(any) (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }
}
