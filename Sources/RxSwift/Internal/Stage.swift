import Synchronization

/// The values of a stage's state word (see `Stage.state`), apart from the upstream's address.
enum StageWord {
    static let pending: UInt = 0
    static let finished: UInt = 1
    static let endedBeforeAttach: UInt = 3
    static let attachedAfterEnd: UInt = 5
    /// Live, its upstream already disposed (`Stage.disposeUpstreamNow`); 7 while terminating.
    static let detached: UInt = 6

    static func link(at word: UInt) -> Unmanaged<Link> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped)
    }

    /// Whether `word` owns an upstream link: attached, or terminating.
    static func holdsUpstream(_ word: UInt) -> Bool {
        word & ~1 > detached
    }
}

/// The base of every subscription stage ("sink"): it receives `Input`s, owns the upstream
/// subscription and knows when the stage is finished. The stage is itself the disposable handed
/// downstream, so a subscription costs one object per operator.
@usableFromInline
class Stage<Input>: Receiver<Input>, @unchecked Sendable {
    // @unchecked Sendable: the stage's only state is the `state` atomic.

    /// The stage's state and its upstream subscription in one word: `pending` before `attach`,
    /// an odd value once disposed or terminated, otherwise the address of the upstream link,
    /// which the word owns (one retain). One word instead of a flag and a reference keeps small
    /// stages within a smaller allocation.
    ///
    /// A stage that ends before `attach` (a source that completes while being subscribed) hands
    /// its clean-up to `attach`, so that upstream is disposed before the stage's own resources,
    /// as when it ends later (RxSwift runs `do(onDispose:)` after disposing the source):
    /// `endedBeforeAttach` and `attachedAfterEnd` mark which of the two came second.
    ///
    /// While a terminal event travels downstream, the word is the upstream's address with its
    /// low bit set ("terminating"): ended for `isDisposed`, but a downstream that disposes the
    /// subscription meanwhile disposes upstream at once, before its own clean-up, as in RxSwift
    /// (a source's disposal comes before `do(onDispose:)` further down).
    private let state = Atomic<UInt>(StageWord.pending)

    #if DEBUG
    /// The scope the stage was made in (`ResourceScope`).
    private let resourceScope: ResourceScope?
    #endif

    override init() {
        #if DEBUG
        resourceScope = ResourceScope.enter()
        #endif
        super.init()
        #if DEBUG
        resourceScope?.register(self)
        #endif
    }

    deinit {
        let word = state.load(ordering: .acquiring)
        if StageWord.holdsUpstream(word) { StageWord.link(at: word & ~1).release() }
        #if DEBUG
        resourceScope?.unregister(self)
        ResourceScope.leave(resourceScope)
        #endif
    }

    /// Whether the stage was disposed or has delivered its terminal event: the per-element check.
    @inline(__always)
    final var isDisposed: Bool {
        state.load(ordering: .relaxed) & 1 != 0
    }

    override final var hasEnded: Bool { isDisposed }

    /// Whether the stage has ended for good, its clean-up done or under way: a disposal now
    /// would do nothing (`finish()` finds nothing to claim). Read after `attach` by the last
    /// stage of a chain whose source ended during `subscribe`.
    @usableFromInline
    final var isFinishedForGood: Bool {
        let word = state.load(ordering: .acquiring)
        return word & 1 == 1 && word <= StageWord.attachedAfterEnd
    }

    /// Hands the stage its upstream subscription. If the stage finished already (a synchronous
    /// source completed during `subscribe`), the subscription is disposed at once, then the
    /// stage's own resources.
    @usableFromInline
    final func attach(_ disposable: Disposable) {
        attach(disposable.asLink)
    }

    /// `attach` for a subscription that is already a `Link` (`subscribe(receiver:)`).
    @usableFromInline
    final func attach(_ link: Link) {
        let upstream = Unmanaged.passRetained(link)
        let word = UInt(bitPattern: upstream.toOpaque())
        let (exchanged, _) = state.compareExchange(
            expected: StageWord.pending, desired: word, ordering: .acquiringAndReleasing)
        if !exchanged {
            attachAfterEnd(upstream.takeRetainedValue())
        }
    }

    /// The stage ended before its upstream subscription arrived: dispose that, then (if `release`
    /// already ran) the stage's resources.
    @inline(never)
    private final func attachAfterEnd(_ upstream: Link) {
        upstream.dispose()
        let (marked, current) = state.compareExchange(
            expected: StageWord.finished, desired: StageWord.attachedAfterEnd, ordering: .acquiringAndReleasing)
        if !marked && current == StageWord.endedBeforeAttach {
            state.store(StageWord.finished, ordering: .releasing)
            disposeResources()
        }
    }

    /// Cancels the stage: disposes upstream and the stage's own resources, once. During a
    /// terminal event's delivery it takes over the clean-up from `endTerminal`.
    override func dispose() {
        guard let token = finish() else { return }
        release(token)
    }

    /// Claims the stage's end for a terminal event. Returns `nil` when it had already ended;
    /// otherwise the caller delivers the event downstream and then passes the token to
    /// `endTerminal`. Meanwhile the stage counts as ended, and upstream stays attached for a
    /// disposal from downstream to dispose at once.
    @inline(__always)
    final func beginTerminal() -> UInt? {
        var current = state.load(ordering: .relaxed)
        while current & 1 == 0 {
            let desired = current == StageWord.pending ? StageWord.finished : current | 1
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged { return current }
            current = original
        }
        return nil
    }

    /// Claims the stage's end and takes upstream with it: a disposal meanwhile does nothing.
    /// Returns `nil` when it had already ended; otherwise pass the token to `release`.
    final func finish() -> UInt? {
        var current = state.load(ordering: .relaxed)
        while current & 1 == 0 || current > StageWord.attachedAfterEnd {
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: StageWord.finished, ordering: .acquiringAndReleasing)
            if exchanged { return current & ~1 }
            current = original
        }
        return nil
    }

    /// Disposes upstream and the stage's resources after a terminal event, unless a disposal
    /// during its delivery did.
    final func endTerminal(_ token: UInt) {
        if token == StageWord.pending { return release(token) }
        let (exchanged, _) = state.compareExchange(
            expected: token | 1, desired: StageWord.finished, ordering: .acquiringAndReleasing)
        if exchanged { release(token) }
    }

    /// While the stage delivers its terminal event (between `beginTerminal` and `endTerminal`,
    /// upstream still attached), `endTerminal` disposes it when the delivery returns: nothing to
    /// do now. Otherwise, as `dispose()`.
    override final func disposeAfterDeliveringTerminal() {
        let word = state.load(ordering: .acquiring)
        if word & 1 == 1 && word > StageWord.attachedAfterEnd { return }
        dispose()
    }

    /// `endTerminal` for a stage that lets upstream end itself: the last stage of a chain
    /// (`subscribe(onNext:)`), whose own clean-up (`onDisposed`) is the terminal event's last
    /// step, as in RxSwift ("completed, onDisposed, afterCompleted, onDispose"), and stages that
    /// RxSwift does not have (`startWith`, `share`'s connection, which pass the source's events
    /// on). The stage's resources go first, then upstream is disposed with
    /// `disposeAfterDeliveringTerminal`, so that a stage delivering the event finishes it first.
    /// Before `attach` (a source that ended during `subscribe`), `attach` disposes upstream when
    /// it comes.
    final func endTerminalBeforeUpstream(_ token: UInt) {
        if token == StageWord.pending { return disposeResources() }
        let (exchanged, _) = state.compareExchange(
            expected: token | 1, desired: StageWord.finished, ordering: .acquiringAndReleasing)
        guard exchanged else { return }
        disposeResources()
        if StageWord.holdsUpstream(token) {
            StageWord.link(at: token).takeRetainedValue().disposeAfterDeliveringTerminal()
        }
    }

    /// Disposes upstream now, while the stage goes on (its source completed and what remains
    /// is the stage's own work: `flatMap`'s inner sequences), as RxSwift disposes a completed
    /// source at once. Before `attach` (a source that completed during `subscribe`) it does
    /// nothing: that source's stages have ended themselves, and `attach` is left to dispose
    /// what remains with the stage.
    final func disposeUpstreamNow() {
        let current = state.load(ordering: .relaxed)
        guard current & 1 == 0, StageWord.holdsUpstream(current) else { return }
        let (exchanged, _) = state.compareExchange(
            expected: current, desired: StageWord.detached, ordering: .acquiringAndReleasing)
        if exchanged { StageWord.link(at: current).takeRetainedValue().dispose() }
    }

    /// Disposes upstream (if it was attached) and then the stage's own resources. Before
    /// `attach`, the clean-up waits for it (see `state`).
    final func release(_ token: UInt) {
        // Where the stack is low, the release is done after the caller's own disposal returns, not
        // inside it: a chain of 100,000 stages is disposed in a loop (`Teardown`).
        if _slowPath(Teardown.mustHandOver) { return Teardown.later { self.releaseNow(token) } }
        releaseNow(token)
    }

    /// `release(_:)`, here whatever the stack.
    @inline(__always)
    private final func releaseNow(_ token: UInt) {
        if StageWord.holdsUpstream(token) {
            StageWord.link(at: token).takeRetainedValue().dispose()
        } else if token == StageWord.pending {
            let (marked, _) = state.compareExchange(
                expected: StageWord.finished, desired: StageWord.endedBeforeAttach, ordering: .acquiringAndReleasing)
            if marked { return }
            // `attach` came in between and left the resources to this call.
        }
        disposeResources()
    }

    /// Frees what the stage holds besides its upstream (timers, inner subscriptions). Called
    /// exactly once, after the stage ended. Subclasses override it.
    func disposeResources() {}
}

/// A stage that receives `Input`s and forwards `Output`s to a downstream receiver: the one
/// shape of an operator's subscription (ARCHITECTURE.md, "How to write an operator").
///
/// The downstream is held as a `Link`: the observer itself when it is one of the library's
/// receivers (every stage, `subscribe(onNext:)`), otherwise an `ObserverAdapter` around it. One
/// reference, one path per element, no `Event` on it. Terminal events are forwarded unchanged
/// unless a sink overrides `receiveCompleted()` or `receiveError(_:)`.
@usableFromInline
class Sink<Input, Output>: Stage<Input>, @unchecked Sendable {
    // @unchecked Sendable: as `Stage`; `ownedDownstream` is immutable and, by the Rx grammar,
    // called by one thread at a time.

    /// The downstream receiver, retained by the sink (one retain, released by `deinit`): held
    /// unmanaged so that `deinit` can hand the release over (`Teardown`) where the stack is low.
    private final let ownedDownstream: Unmanaged<Link>

    /// The downstream receiver, for the duration of a call (a retain and a release in a release
    /// build: the per-element path uses `ownedDownstream` without them).
    private final var downstream: Link {
        @inline(__always) get { ownedDownstream.takeUnretainedValue() }
    }

    /// `downstream` is the observer's `receiverLink` (what `OperatorObservable` hands its sink).
    @usableFromInline
    init(downstream: Link) {
        ownedDownstream = .passRetained(downstream)
        super.init()
    }

    /// Releases the downstream receiver. A chain whose last reference is its innermost stage (the
    /// last page of a recursive paging chain, finished on a scheduler's thread) is freed from the
    /// inner end: each sink's release of its downstream frees the next, one inside another, as
    /// deep as the chain. Where the stack is low the release is handed over to the thread's
    /// teardown loop instead (ARCHITECTURE.md, "Deep chains").
    deinit {
        Teardown.releaseOrHandOver(ownedDownstream)
    }

    /// Whether the downstream receiver has ended (see `Link.hasEnded`): a sink that re-subscribes
    /// in a loop stops then, even before the downstream could dispose it.
    final var downstreamHasEnded: Bool { downstream.hasEnded }

    /// The downstream receiver's `passThroughTarget`.
    final var downstreamPassThroughTarget: Link? { downstream.passThroughTarget }

    /// Subscribes the sink to `source` and returns it, the subscription's disposable.
    final func run(_ source: Observable<Input>) -> Link {
        attach(source.subscribe(receiver: self))
        return self
    }

    override func receiveCompleted() {
        forwardCompleted()
    }

    override func receiveError(_ error: Swift.Error) {
        forwardError(error)
    }

    /// Forwards an element unless the stage has ended.
    ///
    /// Per-element paths must not mention `Event` (or any other type built from a generic
    /// parameter): see ARCHITECTURE.md, "Rules for code on the per-element path".
    @inline(__always)
    final func forwardNext(_ element: Output) {
        guard !isDisposed else { return }
        #if DEBUG
        // No closure in a debug build, where it would be a frame of its own on every stage's way
        // down: a chain of 10,000 stages must fit the stack there, under ThreadSanitizer too.
        downstream.receive(next: element)
        #else
        ownedDownstream._withUnsafeGuaranteedRef { $0.receive(next: element) }
        #endif
    }

    /// Forwards an error once, then disposes upstream and the stage's resources.
    final func forwardError(_ error: Swift.Error) {
        guard let token = beginTerminal() else { return }
        downstream.receiveError(error)
        endTerminal(token)
    }

    /// Forwards completion once, then disposes upstream and the stage's resources.
    final func forwardCompleted() {
        guard let token = beginTerminal() else { return }
        downstream.receiveCompleted()
        endTerminal(token)
    }

    /// Forwards a terminal event once, runs `afterwards`, then disposes upstream and the stage's
    /// resources (`do(afterCompleted:)` / `do(afterError:)` run between the two, as in RxSwift).
    final func forwardTerminal(_ event: Event<Output>, afterwards: () -> Void) {
        guard let token = beginTerminal() else { return }
        if case .error(let error) = event {
            downstream.receiveError(error)
        } else {
            downstream.receiveCompleted()
        }
        afterwards()
        endTerminal(token)
    }

    /// Forwards a terminal event once, then lets upstream, which is delivering it, end itself
    /// (`endTerminalBeforeUpstream`): for stages that only pass the source's events on, where
    /// RxSwift has no stage of its own (`startWith`).
    final func forwardTerminalPassingThrough(_ event: Event<Output>) {
        guard let token = beginTerminal() else { return }
        if case .error(let error) = event {
            downstream.receiveError(error)
        } else {
            downstream.receiveCompleted()
        }
        endTerminalBeforeUpstream(token)
    }

    /// Forwards a terminal event once, then disposes upstream and the stage's resources.
    @inline(never)
    final func forwardTerminal(_ event: Event<Output>) {
        if case .error(let error) = event {
            forwardError(error)
        } else {
            forwardCompleted()
        }
    }

    /// Forwards any event: elements with `forwardNext`, terminal events with `forwardTerminal`.
    @inline(__always)
    final func forward(_ event: Event<Output>) {
        if case .next(let element) = event {
            forwardNext(element)
        } else {
            forwardTerminal(event)
        }
    }
}

/// A sink's view of its downstream link as an observer of whole events.
@usableFromInline
struct Downstream<Element>: ObserverType {
    let link: Link

    @usableFromInline
    var _openRxReceiver: AnyObject? { link }

    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): link.receive(next: element)
        case .error(let error): link.receiveError(error)
        case .completed: link.receiveCompleted()
        }
    }
}

/// Holds an observer that is not one of the library's receivers (a subject, an `AnyObserver`
/// around a closure, a test observer) as a `Link`: elements arrive bare and leave as events.
final class ObserverAdapter<Observer: ObserverType>: Receiver<Observer.Element>, @unchecked Sendable {
    // @unchecked Sendable: `observer` is immutable and called serially by the owning stage.
    private let observer: Observer

    init(_ observer: Observer) {
        self.observer = observer
    }

    override func receiveNext(_ element: Observer.Element) {
        observer.on(.next(element))
    }

    override func receiveCompleted() {
        observer.on(.completed)
    }

    override func receiveError(_ error: Swift.Error) {
        observer.on(.error(error))
    }
}
