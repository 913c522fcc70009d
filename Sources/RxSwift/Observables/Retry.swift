/// Resubscribes to the source after an error, up to a number of attempts.
final class RetrySink<Element>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `attemptsLeft` changes only in serial deliveries (one
    // subscription is active at a time); `current` is a SerialDisposable.
    private let source: Observable<Element>
    private var attemptsLeft: Int
    private let gate = IterationGate()
    let current = SerialDisposable()

    init(source: Observable<Element>, attempts: Int, downstream: Link) {
        self.source = source
        self.attemptsLeft = attempts
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        forwardNext(element)
    }

    override func receiveError(_ error: Swift.Error) {
        if attemptsLeft > 0 { subscribe() } else { forwardError(error) }
    }

    func subscribe() {
        gate.request {
            guard !isDisposed, !downstreamHasEnded else { return }
            if attemptsLeft != .max { attemptsLeft -= 1 }
            // The failed attempt is disposed before the next one subscribes, as in RxSwift: a
            // shared source it kept connected disconnects, and the next attempt connects anew.
            current.disposable = Disposables.create()
            current.disposable = source.subscribe(receiver: self)
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
    /// source (2nd):    -1-2|
    /// retry():       1--1-2|
    /// ```
    public func retry() -> Observable<Element> {
        retry(attempts: .max)
    }

    /// Subscribes to the source at most `maxAttemptCount` times in all, resubscribing after an
    /// error; the last attempt's error is forwarded. `retry(0)` completes at once without
    /// subscribing, as in RxSwift (no attempt at all); a negative `maxAttemptCount` fails with
    /// `RxError.argumentOutOfRange` (RxSwift stops the program).
    ///
    /// - Parameter maxAttemptCount: How many subscriptions in all, the first included.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        if maxAttemptCount == 0 { return .empty() }
        if maxAttemptCount < 0 {
            return .error(
                RxError.argumentOutOfRange(
                    "retry(\(maxAttemptCount)): maxAttemptCount must be ≥ 0, got \(maxAttemptCount)"))
        }
        return retry(attempts: maxAttemptCount)
    }

    private func retry(attempts: Int) -> Observable<Element> {
        let source = asObservable()
        return OperatorObservable { downstream in
            let sink = RetrySink(source: source, attempts: attempts, downstream: downstream)
            sink.attach(sink.current)
            sink.subscribe()
            return sink
        }
    }
}
