/// Resubscribes to the source after an error, up to a number of attempts.
final class RetrySink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `attemptsLeft` changes only in serial `on` calls (one
    // subscription is active at a time); `current` is a SerialDisposable.
    private let source: Observable<Observer.Element>
    private var attemptsLeft: Int
    private let gate = IterationGate()
    let current = SerialDisposable()

    init(source: Observable<Observer.Element>, attempts: Int, observer: Observer) {
        self.source = source
        self.attemptsLeft = attempts
        super.init(observer: observer)
    }

    func on(_ event: Event<Observer.Element>) {
        if case .error = event, attemptsLeft > 0 {
            subscribe()
        } else {
            forward(event)
        }
    }

    func subscribe() {
        gate.request {
            guard !isDisposed else { return }
            if attemptsLeft != .max { attemptsLeft -= 1 }
            current.disposable = source.subscribe(self)
        }
    }

    override func disposeResources() {
        current.dispose()
    }
}

extension ObservableType {
    /// Resubscribes to the source after every error, forever.
    ///
    /// ```
    /// source (1st):  1-#
    /// source (2nd):     1-2|
    /// retry():       1-1-2|
    /// ```
    public func retry() -> Observable<Element> {
        retry(attempts: .max)
    }

    /// Subscribes to the source at most `maxAttemptCount` times in all, resubscribing after an
    /// error; the last attempt's error is forwarded. A `maxAttemptCount` below 1 fails with
    /// `RxError.argumentOutOfRange`.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        if maxAttemptCount < 1 { return .error(RxError.argumentOutOfRange) }
        return retry(attempts: maxAttemptCount)
    }

    private func retry(attempts: Int) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { observer in
            let sink = RetrySink(source: source, attempts: attempts, observer: observer)
            sink.attach(sink.current)
            sink.subscribe()
            return sink
        }
    }
}
