import Synchronization

/// What `MergeSink` does with an inner sequence that arrives while `maxConcurrent` are active.
enum MergeOverflow {
    /// Queue it until an active one completes (merge(maxConcurrent:), concatMap).
    case queue
    /// Drop it (flatMapFirst).
    case drop
}

struct MergeState<InnerElement> {
    var active: [Int: Disposable?] = [:]
    var nextId = 0
    /// Inner sequences waiting for a free place (`maxConcurrent`), in order.
    var waiting = Outbox<Observable<InnerElement>>()
    /// Inner sequences with a place, not subscribed yet, in order. Not generic (each inner is
    /// kept as an object): this code is not specialised, and an array or optional of a tuple of
    /// `Observable<InnerElement>` was a run-time metadata look-up on every append and removal
    /// (two fifths of the time of a `flatMap` whose inner sequences are `just`s).
    var ready: [ReadyInner] = []
    var outerStopped = false
    /// The outer sequence is handing over its only element (`receiveOnlyElement`): no inner
    /// sequence will come after the one it makes, though the outer has not completed yet.
    var outerIsOnItsLast = false

    /// Whether the one active inner sequence is the last the merge will have.
    var hasItsLastInner: Bool {
        (outerStopped || outerIsOnItsLast) && active.count == 1 && waiting.isEmpty
    }
}

/// The values of `MergeSink.passing` that are not an address (an object's address is a multiple
/// of 8).
enum Passing {
    static let throughTheMerge: UInt = 0
    static let toItself: UInt = 1
    static let undecided: UInt = 2
}

/// An inner sequence of a `MergeSink` with its place, kept untyped (see `MergeState.ready`).
struct ReadyInner {
    /// The `Observable<InnerElement>`.
    let inner: AnyObject
    let id: Int
}

/// Merges the inner sequences produced from an outer sequence's elements: the engine behind
/// merge, flatMap, concatMap, merge(maxConcurrent:) and flatMapFirst.
///
/// Its selector returns an `Observable`, called as it is (see `SwitchSink`: a selector at the
/// generic abstraction of an `ObservableConvertibleType` result is reached through a thunk);
/// the generic forms convert each inner sequence first.
final class MergeSink<SourceElement, InnerElement>: EventLockedSink<
    MergeState<InnerElement>, SourceElement, InnerElement
>, InnerSequenceOwner, @unchecked Sendable
{
    // @unchecked Sendable: as `LockedSink` (state under its lock); `subscriptions` is an
    // IterationGate; the rest is immutable.
    private let selector: (SourceElement) throws -> Observable<InnerElement>
    private let maxConcurrent: Int
    private let overflow: MergeOverflow
    private let subscriptions = IterationGate()
    /// Looked up once per subscription (see `InnerObserver.init`).
    let innerObserverType = InnerObserver<MergeSink>.self
    /// Where the elements of the merge's last inner sequence go once nothing else can come
    /// (ARCHITECTURE.md, "Deep chains"), read on each inner element before the lock:
    /// `Passing.throughTheMerge` while more than one inner sequence may still run;
    /// `Passing.undecided` once the one active is the last (each of its elements then asks,
    /// under the lock, whether it can pass through: `lastInnerRemains`); `Passing.toItself` when
    /// that was decided and the merge is its own pass-through target (its elements still go
    /// through it); otherwise the address of the merge further down the chain that takes them in
    /// the merge's place (retained), found through the downstream's `passThroughTarget`.
    /// Decided once, under the lock, when an element of the last inner sequence has been
    /// delivered with nothing waiting behind it. A plain word, not a field of the generic state:
    /// reading that in unspecialised code costs a metadata look-up on every element.
    private let passing = Atomic<UInt>(Passing.throughTheMerge)

    init(
        selector: @escaping (SourceElement) throws -> Observable<InnerElement>, maxConcurrent: Int,
        overflow: MergeOverflow,
        downstream: Link
    ) {
        self.selector = selector
        self.maxConcurrent = maxConcurrent
        self.overflow = overflow
        super.init(state: MergeState(), downstream: downstream)
    }

    deinit {
        let word = passing.load(ordering: .acquiring)
        if word > Passing.undecided { Teardown.releaseOrHandOver(StageWord.link(at: word)) }
    }

    override func receiveNext(_ element: SourceElement) {
        guard !isDisposed else { return }
        if overflow == .drop { return outerNextUnlessBusy(element) }
        let inner: Observable<InnerElement>
        do { inner = try selector(element) } catch { return receiveError(error) }
        withState { state in
            // None waits while a place is free: `innerCompleted` hands a freed place to the
            // oldest waiting inner sequence in the step that frees it.
            if state.active.count < maxConcurrent {
                state.ready.append(ReadyInner(inner: inner, id: reserve(&state)))
            } else {
                state.waiting.append(inner)
            }
        }
        subscribeReady()
    }

    /// flatMapFirst: an element that arrives while an inner sequence is active is dropped before
    /// the selector sees it (as in RxSwift: no side effect, no error from it).
    private func outerNextUnlessBusy(_ element: SourceElement) {
        let admitted = withState { state -> Int? in state.active.count < maxConcurrent ? reserve(&state) : nil }
        guard let id = admitted else { return }
        let inner: Observable<InnerElement>
        do { inner = try selector(element) } catch { return receiveError(error) }
        withState { $0.ready.append(ReadyInner(inner: inner, id: id)) }
        subscribeReady()
    }

    /// The outer sequence completed: its subscription is disposed at once, as in RxSwift (before
    /// its `do(afterCompleted:)`), and the inner ones go on. With a limit (`concat()`,
    /// `concatMap`, `merge(maxConcurrent:)`) and nothing left to run, the completion is forwarded
    /// first and the outer subscription disposed with the rest after it, as RxSwift's limited
    /// merge does.
    override func receiveCompleted() {
        let disposesFirst = maxConcurrent == .max || overflow == .drop
        if disposesFirst { disposeUpstreamNow() }
        var completes = false
        var lastRemains = false
        synchronized { state, outbox in
            state.outerStopped = true
            if state.active.isEmpty && state.waiting.isEmpty {
                outbox.append(.completed)
                completes = true
            }
            lastRemains = state.hasItsLastInner
        }
        if lastRemains { lastInnerRemains() }
        if !completes && !disposesFirst { disposeUpstreamNow() }
    }

    /// The outer sequence's only element, handed over without a subscription (a `just`): as its
    /// subscription would deliver it (the element, then the completion), with the merge knowing
    /// meanwhile that the inner sequence it makes is its last.
    override func receiveOnlyElement<Value>(_ element: Value) {
        attach(NopDisposable.shared)
        withState { $0.outerIsOnItsLast = true }
        lastInnerRemains()
        receiveNext(_identityCast(element, to: SourceElement.self))
        receiveCompleted()
    }

    private func reserve(_ state: inout MergeState<InnerElement>) -> Int {
        let id = state.nextId
        state.nextId += 1
        state.active[id] = .some(nil)
        return id
    }

    /// Subscribes every inner sequence that is ready, in a loop rather than recursively.
    private func subscribeReady() {
        subscriptions.request {
            while !isDisposed, let ready = withState({ $0.ready.isEmpty ? nil : $0.ready.removeFirst() }) {
                let id = ready.id
                let inner = unsafeDowncast(ready.inner, to: Observable<InnerElement>.self)
                guard let subscription = subscribeInner(inner, id: id, observerType: innerObserverType)
                else { continue }
                // Disposal checked under the lock, as in `SwitchSink.receiveNext`.
                let keep = withState { state -> Bool in
                    guard !isDisposed, state.active[id] != nil else { return false }
                    state.active[id] = subscription
                    return true
                }
                if !keep { subscription.dispose() }
            }
        }
    }

    func innerNext(_ id: Int, _ element: InnerElement) {
        let word = passing.load(ordering: .acquiring)
        if _fastPath(word < Passing.undecided) { return synchronizedNext(element) { _ in true } }
        if word > Passing.undecided {
            return StageWord.link(at: word)._withUnsafeGuaranteedRef { $0.receivePassedThrough(next: element) }
        }
        var isLast = false
        synchronizedNext(element) { state in
            isLast = state.hasItsLastInner
            return true
        }
        if isLast { passThroughFromNowOn() }
    }

    /// The one inner sequence active, or the one about to be made, is the merge's last: from now
    /// on each inner element asks whether it can pass through (`passing`). Set where that
    /// becomes so (the outer sequence completes or hands over its only element, or the
    /// next-to-last inner sequence completes), so that a merge with several inner sequences
    /// going asks nothing per element.
    private func lastInnerRemains() {
        _ = passing.compareExchange(
            expected: Passing.throughTheMerge, desired: Passing.undecided, ordering: .relaxed)
    }

    /// An element of a merge further up the chain, whose one inner sequence this merge's
    /// elements come from: as one of this merge's own inner elements.
    override func receivePassedThrough<Value>(next element: Value) {
        innerNext(0, _identityCast(element, to: InnerElement.self))
    }

    /// The merge's last inner sequence has delivered an element and nothing can come from
    /// elsewhere: from now on its elements go where the downstream's would, skipping every
    /// stage between (`passing`). A chain that nests a merge per level (recursive paging) then
    /// hands each element through a few stages instead of two per level. Not while anything
    /// waits to be delivered (an element held for the stack to unwind): what passes through
    /// would overtake it.
    @inline(never)
    private func passThroughFromNowOn() {
        let word =
            downstreamPassThroughTarget.map { UInt(bitPattern: Unmanaged.passRetained($0).toOpaque()) }
            ?? Passing.toItself
        let installed = synchronized { state, queue -> Bool in
            guard !isDisposed, !queue.isDelivering, state.hasItsLastInner else { return false }
            return passing.compareExchange(expected: Passing.undecided, desired: word, ordering: .releasing).exchanged
        }
        if !installed && word > Passing.undecided { StageWord.link(at: word).release() }
    }

    /// What may take the elements of the merge's last inner sequence in its place: itself, or
    /// the merge it hands them to, once `passing` is set.
    var innerPassThroughTarget: Link? {
        let word = passing.load(ordering: .acquiring)
        if word == Passing.toItself { return self }
        if word > Passing.undecided { return StageWord.link(at: word).takeUnretainedValue() }
        return nil
    }

    func innerError(_ id: Int, _ error: Swift.Error) {
        send(.error(error))
    }

    func innerCompleted(_ id: Int) {
        // The finished inner sequence's place goes to the oldest waiting one in the same step
        // under the lock: were it freed first, an element arriving meanwhile on the outer's
        // thread would take it, ahead of the inner sequences already waiting.
        var promoted: ReadyInner?
        var lastRemains = false
        let (finished, completes) = withState { state -> (Disposable??, Bool) in
            guard let finished = state.active.removeValue(forKey: id) else { return (nil, false) }
            if let next = state.waiting.popFirst() {
                promoted = ReadyInner(inner: next, id: reserve(&state))
            }
            lastRemains = state.hasItsLastInner
            return (finished, state.outerStopped && state.active.isEmpty)
        }
        guard let finished else { return }
        if lastRemains { lastInnerRemains() }
        // The finished inner sequence is disposed before the next one is subscribed and before
        // the merged completion, as in RxSwift: a shared source it kept connected disconnects
        // (and the next inner sequence connects anew), and its `do(onDispose:)` comes first.
        finished?.dispose()
        if completes { send(.completed) }
        // The oldest waiting inner sequence has its place already; it is subscribed through the
        // trampoline, as RxSwift 6.10 does (at once when none runs on this thread; otherwise after
        // what is queued there, even when a subscription loop of this stage runs further up).
        if let promoted {
            _ = CurrentThreadScheduler.instance.schedule((self, promoted)) { sink, promoted in
                sink.withState { $0.ready.append(promoted) }
                sink.subscribeReady()
                return Disposables.create()
            }
        } else {
            subscribeReady()
        }
    }

    override func disposeResources() {
        // In the order they were subscribed, as RxSwift's composite disposes them (a dictionary's
        // own order changes from one run of the program to the next).
        let subscriptions = withState { state -> [Disposable?] in
            defer { state = MergeState() }
            return state.active.sorted { $0.key < $1.key }.map(\.value)
        }
        for case let subscription? in subscriptions { subscription.dispose() }
    }
}

extension ObservableType {
    /// The inner sequences `selector` makes of the elements, merged by a `MergeSink`: merge,
    /// flatMap, concatMap, merge(maxConcurrent:) and flatMapFirst.
    func mergeInner<Result>(
        _ selector: @escaping (Element) throws -> Observable<Result>, maxConcurrent: Int = .max,
        overflow: MergeOverflow = .queue, kind: StaticString
    ) -> Observable<Result> {
        let source = asObservable()
        return NamedOperatorObservable(kind: kind) { downstream in
            let sink = MergeSink(
                selector: selector, maxConcurrent: maxConcurrent, overflow: overflow, downstream: downstream)
            if source.handOverOnlyElement(to: sink) { return sink }
            return sink.run(source)
        }
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Merges the inner sequences' elements as they arrive. Completes when the outer sequence and
    /// every inner sequence have completed; the first error terminates it.
    ///
    /// ```
    /// outer:    -a----b----|
    /// a:         -1--2|
    /// b:              -3|
    /// merge():  --1--2-3---|
    /// ```
    public func merge() -> Observable<Element.Element> {
        mergeInner({ $0.asObservable() }, kind: "merge")
    }

    /// Merges the inner sequences, subscribing to at most `maxConcurrent` at once; the others wait
    /// in order. A `maxConcurrent` below 1 fails with `RxError.argumentOutOfRange`.
    ///
    /// - Parameter maxConcurrent: The most inner sequences subscribed at once; the others wait.
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        if maxConcurrent < 1 {
            return .error(
                RxError.argumentOutOfRange(
                    "merge(maxConcurrent: \(maxConcurrent)): maxConcurrent must be ≥ 1, got \(maxConcurrent)"))
        }
        return mergeInner({ $0.asObservable() }, maxConcurrent: maxConcurrent, kind: "merge")
    }
}

extension ObservableType {
    /// Merges the elements of the given sequences as they arrive.
    ///
    /// - Parameter sources: The sources.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        merge(sources)
    }

    /// Merges the elements of the given sequences as they arrive. The sequences are subscribed in
    /// order inside `subscribe`, as in RxSwift (not later, from a sequence of sources on the
    /// trampoline).
    ///
    /// - Parameter sources: The sources.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        OperatorObservable { downstream in
            let sink = MergeSink(
                selector: { (source: Observable<Element>) in source }, maxConcurrent: .max, overflow: .queue,
                downstream: downstream)
            sink.attach(NopDisposable.shared)
            for source in sources { sink.receiveNext(source) }
            sink.receiveCompleted()
            return sink
        }
    }

    /// Merges the elements of the given sequences as they arrive.
    ///
    /// - Parameter sources: The sources.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        merge(Array(sources))
    }
}
