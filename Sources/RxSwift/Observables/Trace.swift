extension ObservableType {
    /// Records this chain's subscriptions and events in ``RxTrace``: the stage this makes (named
    /// `name`, placed at the call), every stage it subscribes up the chain, the inner sequences
    /// they subscribe (`flatMap` and its family, `switchLatest`, …) and the subjects they join, each
    /// with its events, their times and threads, and its disposal. What the chain does is not
    /// changed: the same events reach the same observers, in the same order, on the same threads.
    ///
    /// ```swift
    /// searchResults = query
    ///     .debounce(.milliseconds(300), scheduler: scheduler)
    ///     .flatMapLatest { api.search($0) }
    ///     .trace("search")
    /// ```
    ///
    /// Subscriptions made on a scheduler's thread outside a traced stage's own work (the source of
    /// `subscribe(on:)`) are recorded only when ``RxTrace/isEnabled`` is on (then without their
    /// parent).
    ///
    /// - Parameters:
    ///   - name: The name of the trace's stage in the recording.
    ///   - file: The file of the call (the caller's by default).
    ///   - line: The line of the call (the caller's by default).
    public func trace(_ name: String, file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        // From here on, the stages built note where they were written (their lanes' places).
        RxTrace.active.store(true, ordering: .relaxed)
        return TraceObservable(source: asObservable(), name: name, place: "\(file):\(line)")
    }
}

/// The stage of `trace(_:file:line:)`: subscribes its source inside a traced context.
final class TraceObservable<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let name: String
    private let place: String

    init(source: Observable<Element>, name: String, place: String) {
        self.source = source
        self.name = name
        self.place = place
    }

    override func run(receiver: Link) -> Link {
        // `RxTrace.active` is set: `trace(_:file:line:)` set it when it made this stage.
        TraceContext.record(self, of: Element.self, receiver: receiver, kind: "trace", name: name, place: place) {
            tap in
            source.subscribe(receiver: tap)
        }
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        run(receiver: observer.receiverLink)
    }
}
