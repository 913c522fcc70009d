/// `startWith`: sends the elements, then passes the source's events on. RxSwift subscribes its
/// observer to the source directly, so the source ends itself after its terminal event
/// (`forwardTerminalPassingThrough`).
final class StartWithSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`.
    override func receiveNext(_ element: Element) {
        forwardNext(element)
    }

    override func receiveCompleted() {
        forwardTerminalPassingThrough(.completed)
    }

    override func receiveError(_ error: Swift.Error) {
        forwardTerminalPassingThrough(.error(error))
    }

    /// Past its own elements the stage only passes the source's on, so whatever may take them
    /// in its downstream's place may take them in its own. It ends only when the source does or
    /// when its downstream disposes it, and then no element is on its way.
    override var passThroughTarget: Link? {
        isDisposed ? nil : downstreamPassThroughTarget
    }
}

extension ObservableType {
    /// Emits `elements` before the source's elements.
    ///
    /// ```
    /// source:          --1-2|
    /// startWith(0):    0-1-2|
    /// ```
    ///
    /// - Parameter elements: The elements emitted first.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        startWith(contentsOf: elements)
    }

    /// `startWith` of an array: the elements, then the source, subscribed within the same
    /// `subscribe` call (not later, from the trampoline, as a `concat` would).
    func startWith(contentsOf elements: [Element]) -> Observable<Element> {
        let source = asObservable()
        return OperatorObservable { downstream in
            let sink = StartWithSink<Element>(downstream: downstream)
            for element in elements { sink.receiveNext(element) }
            return sink.run(source)
        }
    }
}
