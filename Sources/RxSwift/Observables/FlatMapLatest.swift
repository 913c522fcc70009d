struct SwitchState {
    var latest = 0
    var hasLatest = false
    /// The latest inner subscription, as a `Link` (cheaper to copy than an existential).
    var current: Link?
    var outerStopped = false
}

/// Subscribes to the latest inner sequence only, disposing the previous one.
final class SwitchSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>: EventLockedSink<SwitchState, Observer>, ObserverType, InnerSequenceOwner, @unchecked Sendable where Inner.Element == Observer.Element {
    // @unchecked Sendable: as `LockedSink` (state under its lock); `selector` is immutable.
    private let selector: (SourceElement) throws -> Inner
    /// Looked up once per subscription (see `InnerObserver.init`).
    let innerObserverType = InnerObserver<SwitchSink>.self

    init(selector: @escaping (SourceElement) throws -> Inner, observer: Observer) {
        self.selector = selector
        super.init(state: SwitchState(), observer: observer)
    }

    override var receivesElements: Bool { true }

    override func receive<Value>(next element: Value) {
        outerNext(_identityCast(element, to: SourceElement.self))
    }

    override func receiveCompleted() {
        on(.completed)
    }

    override func receiveError(_ error: Swift.Error) {
        on(.error(error))
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            outerNext(element)
        case .error(let error):
            synchronized { _, outbox in outbox.append(.error(error)) }
        case .completed:
            synchronized { state, outbox in
                state.outerStopped = true
                if !state.hasLatest { outbox.append(.completed) }
            }
        }
    }

    private func outerNext(_ element: SourceElement) {
        guard !isDisposed else { return }
        let inner: Inner
        do { inner = try selector(element) } catch { return receiveError(error) }
        // Not a tuple result: in unspecialised code a tuple's metadata is looked up per call.
        var id = 0
        let previous = withState { state -> Link? in
            state.latest += 1
            state.hasLatest = true
            id = state.latest
            defer { state.current = nil }
            return state.current
        }
        previous?.dispose()
        let subscription = subscribeInner(inner.asObservable(), id: id, observerType: innerObserverType)
        let keep = withState { [id] state -> Bool in
            guard state.latest == id, state.hasLatest else { return false }
            state.current = subscription
            return true
        }
        if !keep || isDisposed { subscription.dispose() }
    }

    func innerNext(_ id: Int, _ element: Observer.Element) {
        synchronizedNext(element) { state in state.latest == id }
    }

    func innerCompleted(_ id: Int) {
        let outerStopped = withState { state -> Bool in
            guard state.latest == id else { return false }
            state.hasLatest = false
            state.current = nil
            return state.outerStopped
        }
        if outerStopped { sendCompleted() }
    }

    @inline(never)
    private func sendCompleted() {
        synchronized { _, outbox in outbox.append(.completed) }
    }

    func innerError(_ id: Int, _ error: Swift.Error) {
        synchronized { state, outbox in
            guard state.latest == id else { return }
            outbox.append(.error(error))
        }
    }

    override func disposeResources() {
        let current = withState { state -> Link? in
            defer { state.current = nil; state.hasLatest = false }
            return state.current
        }
        current?.dispose()
    }
}

final class SwitchObservable<SourceElement, Inner: ObservableConvertibleType>: Producer<Inner.Element> {
    let source: Observable<SourceElement>
    let selector: (SourceElement) throws -> Inner

    init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Inner) {
        self.source = source
        self.selector = selector
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Inner.Element {
        let sink = SwitchSink(selector: selector, observer: observer)
        sink.attach(source.subscribe(sink))
        return sink
    }
}

extension ObservableType {
    /// Maps each element to a sequence and mirrors only the latest one, disposing the previous.
    /// Completes when the outer sequence and the latest inner sequence have completed.
    ///
    /// ```
    /// source:          -1---2----|
    /// inner(1):         -a-b-c
    /// inner(2):             -x-y|
    /// flatMapLatest:   --a-b-x-y-|
    /// ```
    public func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source) -> Observable<Source.Element> {
        SwitchObservable(source: asObservable(), selector: selector)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Mirrors the latest inner sequence, disposing the previous one.
    public func switchLatest() -> Observable<Element.Element> {
        SwitchObservable(source: asObservable(), selector: { $0 })
    }
}
