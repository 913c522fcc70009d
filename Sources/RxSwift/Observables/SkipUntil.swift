final class SkipUntilSink<Element>: EventLockedSink<Bool, Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink` (its state, "open", is under its lock); `other` is a
    // SingleAssignmentDisposable.
    let other = SingleAssignmentDisposable()

    override func receiveNext(_ element: Element) {
        synchronized { open, outbox in
            if open { outbox.append(.next(element)) }
        }
    }

    override func receiveCompleted() {
        // As in RxSwift, the source's completion is forwarded only once the trigger has fired;
        // before that it ends the subscription silently.
        let silentEnd = synchronized { open, outbox -> Bool in
            if open { outbox.append(.completed) }
            return !open
        }
        if silentEnd { dispose() }
    }

    func onOther<Other>(_ event: Event<Other>) {
        switch event {
        case .next:
            withState { $0 = true }
            other.dispose()
        case .error(let error):
            send(.error(error))
        case .completed:
            other.dispose()
        }
    }

    override func disposeResources() {
        other.dispose()
    }
}

extension ObservableType {
    /// Drops the source's elements until `other` emits an element, then emits the rest. An
    /// error from `other` is forwarded. The source is subscribed first, then `other`. The source's
    /// completion is forwarded only if `other` has emitted by then; otherwise the sequence ends
    /// without an event (RxSwift's rule).
    ///
    /// ```
    /// source:          1-2-3-4|
    /// other:           ---x
    /// skip(until: o):  ----3-4|
    /// ```
    ///
    /// - Parameter other: The sequence whose first element starts the forwarding.
    public func skip<Source: ObservableConvertibleType>(until other: Source) -> Observable<Element> {
        let source = asObservable()
        let trigger = other.asObservable()
        return OperatorObservable { downstream in
            let sink = SkipUntilSink<Element>(state: false, downstream: downstream)
            let subscription = source.subscribe(receiver: sink)
            sink.other.setDisposable(trigger.subscribe { [sink] event in sink.onOther(event) })
            sink.attach(subscription)
            return sink
        }
    }

    /// Drops the source's elements until `other` emits an element.
    ///
    /// - Parameter other: The sequence whose first element starts the forwarding.
    @available(*, deprecated, renamed: "skip(until:)")
    public func skipUntil<Source: ObservableConvertibleType>(_ other: Source) -> Observable<Element> {
        skip(until: other)
    }
}
