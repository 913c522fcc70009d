/// Receives the events of the sources of `combineLatest` and `zip` (non-generic, so a source's
/// observer needs no knowledge of the combined type).
protocol MultiSourceReceiver: AnyObject {
    /// Runs `store` (which stores source `index`'s element and says whether the source's slot
    /// just became ready: its first element, or a first queued one) under the operator's lock,
    /// then emits a combination if every slot is ready.
    func next(_ index: Int, store: () -> Bool)
    func error(_ index: Int, _ error: Swift.Error)
    func completed(_ index: Int)
}

/// Observes one source of `combineLatest` or `zip`, storing its elements with `store` (a typed
/// cell's method): no boxing, no dynamic cast.
final class MultiSourceObserver<Element>: Receiver<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable; the receiver decides under its lock.
    private let index: Int
    private let store: (Element) -> Bool
    private let receiver: MultiSourceReceiver

    init(index: Int, receiver: MultiSourceReceiver, store: @escaping (Element) -> Bool) {
        self.index = index
        self.receiver = receiver
        self.store = store
    }

    override func receiveNext(_ element: Element) {
        receiver.next(index) { store(element) }
    }

    override func receiveError(_ error: Swift.Error) {
        receiver.error(index, error)
    }

    override func receiveCompleted() {
        receiver.completed(index)
    }
}

/// One source of a `combineLatest` or `zip` subscription and where its elements wait
/// (`LatestElement`, `ZipQueue`): what the engine does with each source without knowing its
/// element type. The typed values are read by the parts' closures (`MultiSourceParts`).
@usableFromInline
class MultiSourceCell {
    /// The source's subscription in the sink's `subscriptions` (under the operator's lock), to
    /// dispose it as soon as the source completes; `nil` until `subscribe` returned.
    var subscriptionKey: CompositeDisposable.DisposeKey?

    /// Subscribes to the source; its elements are stored in this cell under the operator's lock.
    func subscribe(_ receiver: MultiSourceReceiver, index: Int) -> Disposable {
        rxAbstractMethod()
    }

    /// Under the lock, on the fast path: takes the value the delivering thread combines outside
    /// the lock (`snapshot`), while other threads may already store newer ones. Returns 1 when
    /// that left the cell without an element (zip), else 0.
    func takeSnapshot() -> Int {
        rxAbstractMethod()
    }

    /// After `take()` (the contended path): 1 when it left the cell without an element, else 0.
    var emptied: Int {
        rxAbstractMethod()
    }
}

/// The subscriber of one source, storing its elements with `store`.
func subscribeMultiSource<Element>(
    _ source: Observable<Element>, _ receiver: MultiSourceReceiver, index: Int, store: @escaping (Element) -> Bool
) -> Disposable {
    source.subscribe(receiver: MultiSourceObserver(index: index, receiver: receiver, store: store))
}

/// The typed parts of one `combineLatest` or `zip` subscription: its sources' cells, and how to
/// combine their elements. The fast path takes a snapshot under the lock (`takeSnapshot`) and
/// combines the snapshot outside it (`combineSnapshot`); when another thread is delivering,
/// `combineLater` takes the elements (`take()`) into a closure that the delivering thread runs
/// later.
@usableFromInline
struct MultiSourceParts<Element> {
    let cells: [MultiSourceCell]
    let combineSnapshot: () throws -> Element
    let combineLater: () -> () throws -> Element
    /// Takes the snapshot of every cell at once, in place of each cell's `takeSnapshot` (whose
    /// `emptied` is then 0): `combineLatest` of a collection keeps its values in one array, so
    /// that an emission costs the same whatever the number of sources.
    let snapshotAll: (() -> Void)?

    @usableFromInline
    init(
        cells: [MultiSourceCell],
        combineSnapshot: @escaping () throws -> Element,
        combineLater: @escaping () -> () throws -> Element,
        snapshotAll: (() -> Void)? = nil
    ) {
        self.cells = cells
        self.combineSnapshot = combineSnapshot
        self.combineLater = combineLater
        self.snapshotAll = snapshotAll
    }
}

/// An end decided under the lock, delivered after the combinations before it.
enum TerminalEvent {
    case error(Swift.Error)
    case completed

    /// The same end as an `Event` of `Element`s (off the per-element path).
    func event<Element>(of _: Element.Type = Element.self) -> Event<Element> {
        switch self {
        case .error(let error): .error(error)
        case .completed: .completed
        }
    }
}

/// The state of `combineLatest` and `zip` under their lock.
struct MultiSourceState {
    /// How many sources' slots are ready (have a latest element, or a queued one).
    var ready = 0
    var done: [Bool]
    var doneCount = 0
    /// The end, once decided: nothing is stored or combined after it.
    var terminal: TerminalEvent?
}

/// The rule that differs between the operators (RxSwift's).
@usableFromInline
enum MultiSourceRule {
    /// combineLatest: ends when every source has ended, and also when an element arrives while
    /// some source has not emitted yet and every other source has ended (no combination can ever
    /// be made). An empty collection of sources emits the selector's result for no elements, then
    /// completes.
    case latest
    /// zip of 2 to 8 sources: ends when every source has ended (an element left unpaired does
    /// not end it).
    case zip
    /// zip of a collection: also ends when an element arrives that can never be paired (every
    /// other source has ended); an empty collection completes at once. (RxSwift's two zips differ
    /// here, and users' tests pin both.)
    case zipCollection
}

/// Generic over the combined element only (not the observer), so that per-element code needs no
/// associated-type look-ups. Its sources' observers (`MultiSourceObserver`) receive for it: the
/// sink itself receives nothing (`Never`).
final class MultiSourceSink<Element>: Sink<Never, Element>, MultiSourceReceiver, SerialDeliverer,
    @unchecked Sendable
{
    // @unchecked Sendable: `state` and `queue` are guarded by `lock`; delivery, and with it the
    // snapshots, is serialised by `queue`'s delivering role; `subscriptions` is a
    // CompositeDisposable.
    private let lock = Lock()
    private let rule: MultiSourceRule
    // Guarded by `lock`, so run-time exclusivity checks would only cost time per element.
    @exclusivity(unchecked) private var state: MultiSourceState
    /// Combinations (and the end) decided while another thread was delivering; run by that
    /// thread, in order.
    @exclusivity(unchecked) private var queue = DeliveryQueue<Pending>()

    /// What a delivering thread finds queued.
    enum Pending {
        case combination(() throws -> Element)
        case end(TerminalEvent)
    }
    // The parts one by one, not the generic parts struct, on the per-element path
    // (ARCHITECTURE.md, "Rules for code on the per-element path").
    private let cells: [MultiSourceCell]
    private let combineSnapshot: () throws -> Element
    private let combineLater: () -> () throws -> Element
    private let snapshotAll: (() -> Void)?
    let subscriptions = CompositeDisposable()

    init(rule: MultiSourceRule, parts: MultiSourceParts<Element>, downstream: Link) {
        self.state = MultiSourceState(done: Array(repeating: false, count: parts.cells.count))
        self.rule = rule
        self.cells = parts.cells
        self.combineSnapshot = parts.combineSnapshot
        self.combineLater = parts.combineLater
        self.snapshotAll = parts.snapshotAll
        super.init(downstream: downstream)
    }

    /// Takes every cell's snapshot; returns how many cells that emptied. Call with `lock` held.
    private func takeSnapshots() -> Int {
        if let snapshotAll {
            snapshotAll()
            return 0
        }
        var emptied = 0
        for index in cells.indices {
            // The sink's array keeps the cells alive: no retain and release per cell and element.
            emptied += Unmanaged.passUnretained(cells[index])._withUnsafeGuaranteedRef { $0.takeSnapshot() }
        }
        return emptied
    }

    func next(_ index: Int, store: () -> Bool) {
        // Decide under the lock; run the selector and downstream outside it.
        var uncombinable = false
        let deliverNow = lock.withLock { () -> Bool in
            guard state.terminal == nil else { return false }
            if store() { state.ready += 1 }
            guard state.ready == state.done.count else {
                uncombinable = rule != .zip && state.doneCount == state.done.count - (state.done[index] ? 0 : 1)
                return false
            }
            guard queue.claim() else {
                queueCombination()
                return false
            }
            state.ready -= takeSnapshots()
            return true
        }
        if uncombinable { return end(.completed) }
        guard deliverNow else { return }
        deliverCombination(combineSnapshot)
        if !lock.withLock({ queue.finishIfIdle() }) { deliverWaiting() }
    }

    /// The contended path: another thread is delivering. Call with `lock` held.
    @inline(never)
    private func queueCombination() {
        let combine = combineLater()
        if snapshotAll == nil {
            for cell in cells { state.ready -= cell.emptied }
        }
        queue.append(.combination(combine))
    }

    /// A source failed: its subscription is disposed first (while it delivers the error, before
    /// its `do(afterError:)`), then the error goes downstream and the other sources are
    /// disposed, as in RxSwift (`t1.onError t1.onDispose s1.error s1.disposed t1.afterError`).
    func error(_ index: Int, _ error: Swift.Error) {
        let key = lock.withLock { state.terminal == nil ? cells[index].subscriptionKey : nil }
        if let key { subscriptions.remove(for: key) }
        end(.error(error))
    }

    /// A source completed: its subscription is disposed at once (while it delivers the
    /// completion, before its `do(afterCompleted:)`), as in RxSwift, then the operator completes
    /// if it was the last.
    func completed(_ index: Int) {
        let (all, key) = lock.withLock { () -> (Bool, CompositeDisposable.DisposeKey?) in
            guard !state.done[index] else { return (false, nil) }
            state.done[index] = true
            state.doneCount += 1
            return (state.doneCount == state.done.count, cells[index].subscriptionKey)
        }
        if let key { subscriptions.remove(for: key) }
        if all { end(.completed) }
    }

    /// Records where source `index`'s subscription is kept, unless the source already completed
    /// (during `subscribe`; then its stages have ended themselves).
    func keep(_ subscription: Disposable, of index: Int) {
        guard let key = subscriptions.insert(subscription) else { return }
        lock.withLock {
            if !state.done[index] { cells[index].subscriptionKey = key }
        }
    }

    private func end(_ terminal: TerminalEvent) {
        let deliverNow = lock.withLock { () -> Bool in
            guard state.terminal == nil else { return false }
            state.terminal = terminal
            return queue.enqueue(.end(terminal))
        }
        if deliverNow { deliverWaiting() }
    }

    private func deliverCombination(_ combine: () throws -> Element) {
        guard !isDisposed else { return }
        let result: Element
        do {
            result = try combine()
        } catch {
            return end(.error(error))
        }
        forwardNext(result)
    }

    func withDeliveryQueue<R>(_ body: (inout DeliveryQueue<Pending>) -> R) -> R {
        lock.withLock { body(&queue) }
    }

    /// Delivers a combination or the end, decided while another thread was delivering.
    @inline(never)
    func deliver(_ pending: Pending) {
        switch pending {
        case .combination(let combine): deliverCombination(combine)
        case .end(let terminal): forwardTerminal(terminal.event())
        }
    }

    override func disposeResources() {
        subscriptions.dispose()
    }
}

/// `combineLatest` and `zip`: typed parts made per subscription, one engine.
@usableFromInline
final class MultiSourceObservable<Element>: Producer<Element> {
    let rule: MultiSourceRule
    let makeParts: () -> MultiSourceParts<Element>

    @usableFromInline
    init(rule: MultiSourceRule, makeParts: @escaping () -> MultiSourceParts<Element>) {
        self.rule = rule
        self.makeParts = makeParts
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        run(receiver: observer.receiverLink)
    }

    override func run(receiver: Link) -> Link {
        let parts = makeParts()
        if parts.cells.isEmpty {
            if rule == .latest {
                do {
                    receiver.receive(next: try parts.combineSnapshot())
                } catch {
                    receiver.receiveError(error)
                    return NopDisposable.shared
                }
            }
            receiver.receiveCompleted()
            return NopDisposable.shared
        }
        let sink = MultiSourceSink(rule: rule, parts: parts, downstream: receiver)
        sink.attach(sink.subscriptions)
        for (index, cell) in parts.cells.enumerated() {
            sink.keep(cell.subscribe(sink, index: index), of: index)
        }
        return sink
    }
}
