struct SwitchState {
    var latest = 0
    var hasLatest = false
    /// The latest inner subscription, as a `Link` (cheaper to copy than an existential).
    var current: Link?
    var outerStopped = false
}

/// Subscribes to the latest inner sequence only, disposing the previous one.
///
/// Its selector returns an `Observable` (the usual selector, passed as it is); the generic
/// forms (`Single`, `Driver`, … as inner sequences) convert each inner sequence first. A selector
/// stored at the generic abstraction of `(SourceElement) throws -> Inner` is reached through a
/// reabstraction thunk when the selector was written with a concrete `Observable` result: about
/// 24 instructions per element (workload 06).
final class SwitchSink<SourceElement, InnerElement>: EventLockedSink<
    SwitchState, SourceElement, InnerElement
>, InnerSequenceOwner, @unchecked Sendable
{
    // @unchecked Sendable: as `LockedSink` (state under its lock); `selector` is immutable.
    private let selector: (SourceElement) throws -> Observable<InnerElement>
    /// Looked up once per subscription (see `InnerObserver.init`).
    let innerObserverType = InnerObserver<SwitchSink>.self

    init(selector: @escaping (SourceElement) throws -> Observable<InnerElement>, downstream: Link) {
        self.selector = selector
        super.init(state: SwitchState(), downstream: downstream)
    }

    /// The outer sequence completed: its subscription is disposed at once, as in RxSwift (before
    /// its `do(afterCompleted:)`), and the latest inner one goes on.
    override func receiveCompleted() {
        disposeUpstreamNow()
        synchronized { state, outbox in
            state.outerStopped = true
            if !state.hasLatest { outbox.append(.completed) }
        }
    }

    override func receiveNext(_ element: SourceElement) {
        guard !isDisposed else { return }
        let inner: Observable<InnerElement>
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
        // Nothing to keep or dispose when `nil` (a `just`, handed over whole).
        guard let subscription = subscribeInner(inner, id: id, observerType: innerObserverType)
        else { return }
        // Disposal is checked under the lock: `disposeResources` either finds the subscription
        // kept (and disposes it) or ran before, with the stage marked disposed first. A check
        // after the lock would leave a disposed subscription kept, and it holds this stage.
        let keep = withState { [id] state -> Bool in
            guard !isDisposed, state.latest == id, state.hasLatest else { return false }
            state.current = subscription
            return true
        }
        if !keep { subscription.dispose() }
    }

    func innerNext(_ id: Int, _ element: InnerElement) {
        synchronizedNext(element) { state in state.latest == id }
    }

    /// The latest inner sequence completed: it is disposed at once, as in RxSwift, before the
    /// completion is forwarded (if the outer one completed too).
    func innerCompleted(_ id: Int) {
        var finished: Link?
        let outerStopped = withState { state -> Bool in
            guard state.latest == id else { return false }
            state.hasLatest = false
            finished = state.current
            state.current = nil
            return state.outerStopped
        }
        finished?.dispose()
        if outerStopped { sendCompleted() }
    }

    /// A `just`'s element and completion: the latest inner sequence ends with the element, so
    /// both are decided under the lock once (`innerNext` and `innerCompleted` take it three times).
    func innerNextThenCompleted(_ id: Int, _ element: InnerElement) {
        var finished: Link?
        var outerStopped = false
        synchronizedNext(element) { state in
            guard state.latest == id else { return false }
            state.hasLatest = false
            finished = state.current
            state.current = nil
            outerStopped = state.outerStopped
            return true
        }
        finished?.dispose()
        if outerStopped { sendCompleted() }
    }

    @inline(never)
    private func sendCompleted() {
        send(.completed)
    }

    /// The latest inner sequence failed: it is disposed first (while it delivers the error, before
    /// its `do(afterError:)`), then the error goes on and the outer sequence is disposed, as in
    /// RxSwift (`inner.onError inner.onDispose s.error outer.onDispose`).
    func innerError(_ id: Int, _ error: Swift.Error) {
        let failed = withState { state -> Link? in
            guard state.latest == id, state.hasLatest else { return nil }
            defer { state.current = nil }
            return state.current
        }
        failed?.dispose()
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
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded; a thrown error fails the
    ///     result.
    @_disfavoredOverload
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping @isolated(any) (Element) throws -> Source
    ) -> Observable<Source.Element> {
        let (selector, actor) = Isolation.split(selector)
        return switchInner({ try selector($0).asObservable() }, on: actor, operator: #function)
    }

    /// `flatMapLatest` for a selector that returns an `Observable`: the same operator, declared with the
    /// concrete result type so that the type checker settles a chain after it without trying
    /// every sequence type (see ARCHITECTURE.md, "Type-checking cost"), and the selector called
    /// as it is, with no conversion. The generic form above takes any
    /// `ObservableConvertibleType` (`Single`, `Driver`, …).
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded; a thrown
    ///     error fails the result.
    public func flatMapLatest<Result>(
        _ selector: @escaping @isolated(any) (Element) throws -> Observable<Result>
    ) -> Observable<Result> {
        let (selector, actor) = Isolation.split(selector)
        return switchInner(selector, on: actor, operator: #function)
    }
}

extension ObservableType {
    /// `flatMapLatest` for a selector that returns an `Infallible`: an `Infallible`, as in RxSwift
    /// 6 (the generic form above, which returns an `Observable`, is still chosen where the context
    /// asks for one).
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded; a thrown
    ///     error fails the result (as in RxSwift, an `Infallible` that can then fail).
    public func flatMapLatest<Source: InfallibleType>(
        _ selector: @escaping @isolated(any) (Element) throws -> Source
    ) -> Infallible<Source.Element> {
        let (selector, actor) = Isolation.split(selector)
        return Infallible(switchInner({ try selector($0).asObservable() }, on: actor, operator: #function))
    }
}

extension ObservableType {
    /// Every `flatMapLatest` overload: delivered on the selector's actor, then the switch.
    private func switchInner<Result>(
        _ selector: @escaping (Element) throws -> Observable<Result>, on actor: (any Actor)?,
        operator operatorName: StaticString
    ) -> Observable<Result> {
        let source = delivered(on: actor, operator: operatorName)
        return OperatorObservable { downstream in
            SwitchSink(selector: selector, downstream: downstream).run(source)
        }
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Mirrors the latest inner sequence, disposing the previous one.
    public func switchLatest() -> Observable<Element.Element> {
        flatMapLatest { $0 }
    }
}

extension ObservableType {
    /// Runs `transform` on each element, cancelling the call still running for the previous one,
    /// and forwards the result of the latest.
    ///
    /// ```swift
    /// let results = query.flatMapLatest { text in try await api.search(text) }
    /// ```
    ///
    /// Each call runs in a task of its own, cancelled when a newer element arrives or the subscription is disposed; a cancelled task delivers nothing. The results are delivered on the actor of the
    /// code that built the chain (`@MainActor` code receives them on the main actor, as code after
    /// an `await` would), or, built in nonisolated code, on the thread of the task that made each.
    ///
    /// - Parameters:
    ///   - transform: The asynchronous work for each element; its result is forwarded, its thrown
    ///     error fails the result.
    ///   - isolation: The actor the results are delivered on; the caller's by default (from
    ///     nonisolated code, each result arrives on its task's thread).
    @_disfavoredOverload
    public func flatMapLatest<Result>(
        _ transform: @escaping @Sendable (Element) async throws -> Result,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Result> {
        flatMapLatest({ Observable.fromAsync(transform, of: $0, deliveringOn: isolation) })
    }
}
