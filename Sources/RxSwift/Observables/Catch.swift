/// Switches to a recovery sequence when the source fails.
final class CatchSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `recovered` changes only in serial deliveries; `current`
    // is a SerialDisposable.
    private let handler: (Swift.Error) throws -> Observable<Element>
    private var recovered = false
    let current = SerialDisposable()

    init(handler: @escaping (Swift.Error) throws -> Observable<Element>, downstream: Link) {
        self.handler = handler
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        forwardNext(element)
    }

    override func receiveError(_ error: Swift.Error) {
        guard !recovered, !isDisposed else { return forwardError(error) }
        recovered = true
        do {
            current.disposable = try handler(error).subscribe(receiver: self)
        } catch {
            forwardError(error)
        }
    }

    override func disposeResources() {
        current.dispose()
    }
}

extension ObservableType {
    /// Continues with the sequence `handler` returns when the source fails. An error thrown by
    /// `handler` is forwarded.
    ///
    /// ```
    /// source:                   1-2-#
    /// catch { _ in .just(9) }:  1-2-(9|)
    /// ```
    ///
    /// - Parameters:
    ///   - handler: Makes the sequence to continue with from the error; a thrown error fails the result.
    public func `catch`(
        _ handler: @escaping @isolated(any) (Swift.Error) throws -> Observable<Element>
    ) -> Observable<Element> {
        let (handler, handlerActor) = Isolation.split(handler)
        let source = delivered(on: handlerActor)
        return OperatorObservable { downstream in
            let sink = CatchSink(handler: handler, downstream: downstream)
            sink.attach(sink.current)
            // The source's subscription goes through a placeholder assigned first: a source that
            // fails while being subscribed replaces it with the recovery subscription, and the
            // source's own subscription, arriving after that, is then disposed, not the recovery.
            let sourceSubscription = SingleAssignmentDisposable()
            sink.current.disposable = sourceSubscription
            sourceSubscription.setDisposable(source.subscribe(receiver: sink))
            return sink
        }
    }

    /// Subscribes to the sequences one after another, moving to the next when one fails;
    /// completes when one completes, and fails with the last error when every one failed (an
    /// empty `sequence` completes at once).
    ///
    /// ```
    /// first:   1-#
    /// second:     2-#
    /// third:         3|
    /// catch:   1--2--3|
    /// ```
    ///
    /// - Parameter sequence: The sequences, tried one after another until one does not fail.
    public static func `catch`<Sequence: Swift.Sequence>(sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        OperatorObservable { downstream in
            let sink = ConcatSink(
                sources: ConcatSources(sequence),
                advancesOnError: true, downstream: downstream)
            sink.attach(sink.current)
            sink.subscribeNext()
            return sink
        }
    }

    /// Emits `element` and completes when the source fails.
    ///
    /// - Parameter element: The element emitted, before completing, in place of an error.
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        self.catch { _ in .just(element) }
    }
}
