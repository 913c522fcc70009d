final class TakeUntilSink<Element>: EventLockedSink<NoLockedState, Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink`; `other` is a SingleAssignmentDisposable.
    let other = SingleAssignmentDisposable()

    override func receiveNext(_ element: Element) {
        send(.next(element))
    }

    func onOther<Other>(_ event: Event<Other>) {
        switch event {
        case .next: send(.completed)
        case .error(let error): send(.error(error))
        case .completed: other.dispose()
        }
    }

    override func disposeResources() {
        other.dispose()
    }
}

extension ObservableType {
    /// Emits the source's elements until `other` emits an element, then completes. An error
    /// from `other` is forwarded; its completion is ignored.
    ///
    /// ```
    /// source:          1-2-3-4|
    /// other:           -----x
    /// take(until: o):  1-2-3|
    /// ```
    ///
    /// - Parameter other: The sequence whose first element completes the result.
    public func take<Source: ObservableConvertibleType>(until other: Source) -> Observable<Element> {
        let source = asObservable()
        let trigger = other.asObservable()
        return OperatorObservable { downstream in
            let sink = TakeUntilSink<Element>(state: NoLockedState(), downstream: downstream)
            sink.other.setDisposable(trigger.subscribe { [sink] event in sink.onOther(event) })
            return sink.run(source)
        }
    }

    /// Emits the source's elements until `other` emits an element.
    ///
    /// - Parameter other: The sequence whose first element completes the result.
    @available(*, deprecated, renamed: "take(until:)")
    public func takeUntil<Source: ObservableConvertibleType>(_ other: Source) -> Observable<Element> {
        take(until: other)
    }
}
