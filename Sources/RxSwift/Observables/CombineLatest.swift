/// The latest element of one source of `combineLatest`, kept in a cell of its own type, so that
/// storing and reading it involves no boxing, no dynamic cast and no generic container.
///
/// It also keeps a snapshot: the value the delivering thread combines outside the lock, while
/// other threads may already store newer values.
final class LatestElement<Element> {
    private let cell = UnsafeMutablePointer<Element>.allocate(capacity: 2)
    private var hasValue = false
    private var hasSnapshot = false

    deinit {
        if hasValue { cell.deinitialize(count: 1) }
        if hasSnapshot { (cell + 1).deinitialize(count: 1) }
        cell.deallocate()
    }

    /// Copies the value into the snapshot (under the operator's lock).
    func takeSnapshot() {
        if hasSnapshot {
            (cell + 1).update(from: cell, count: 1)
        } else {
            (cell + 1).initialize(from: cell, count: 1)
            hasSnapshot = true
        }
    }

    /// The value at the last `takeSnapshot`.
    var snapshot: Element { (cell + 1).pointee }

    /// Stores the element at `pointer`; returns whether it is the source's first.
    func store(_ pointer: UnsafeRawPointer) -> Bool {
        let element = pointer.assumingMemoryBound(to: Element.self)
        if hasValue {
            cell.update(from: element, count: 1)
            return false
        }
        cell.initialize(from: element, count: 1)
        hasValue = true
        return true
    }

    /// The latest element; only read once the source has emitted.
    var value: Element { cell.pointee }
}

/// Receives the events of the sources of `combineLatest` (non-generic, so a source's observer
/// needs no knowledge of the combined row type).
protocol CombineLatestReceiver: AnyObject {
    /// Runs `store` (which stores a source's element and says whether it was the source's first)
    /// under the operator's lock, then emits a combination if every source has emitted.
    func next(store: () -> Bool)
    func error(_ error: Swift.Error)
    func completed(_ index: Int)
}

/// Observes one source of `combineLatest`, storing its elements in the source's cell.
final class CombineLatestSourceObserver<Element>: ObserverType, ElementReceiver {
    private let index: Int
    private let latest: LatestElement<Element>
    private let receiver: CombineLatestReceiver

    init(index: Int, latest: LatestElement<Element>, receiver: CombineLatestReceiver) {
        self.index = index
        self.latest = latest
        self.receiver = receiver
    }

    func receiveNext(at element: UnsafeRawPointer) {
        receiver.next { latest.store(element) }
    }

    func receiveError(_ error: Swift.Error) {
        receiver.error(error)
    }

    func receiveCompleted() {
        receiver.completed(index)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): sendNext(element, to: self)
        case .error(let error): receiveError(error)
        case .completed: receiveCompleted()
        }
    }
}

/// The typed parts of one `combineLatest` subscription: how to subscribe to each source, and how
/// to combine the latest elements. The fast path snapshots them under the lock and combines the
/// snapshots outside it; when another thread is delivering, `combineLater` captures copies of the
/// values in a closure that the delivering thread runs later.
struct CombineLatestParts<Element> {
    let subscribers: [(CombineLatestReceiver, Int) -> Disposable]
    let snapshot: () -> Void
    let combineSnapshot: () throws -> Element
    let combineLater: () -> (() throws -> Element)
}

/// Makes the subscriber of one source, storing into `latest`.
func latestSubscriber<Source: ObservableConvertibleType>(_ source: Source, _ latest: LatestElement<Source.Element>) -> (CombineLatestReceiver, Int) -> Disposable {
    let observable = source.asObservable()
    return { receiver, index in
        observable.subscribe(CombineLatestSourceObserver(index: index, latest: latest, receiver: receiver))
    }
}

/// The state of `combineLatest` under its lock.
struct CombineLatestState {
    var withValue = 0
    var done: [Bool]
    var doneCount = 0
    var terminal: TerminalEvent?
    var draining = false
}

/// An end decided under the lock, delivered after the combinations before it.
enum TerminalEvent {
    case error(Swift.Error)
    case completed
}

final class CombineLatestSink<Observer: ObserverType>: Sink<Observer>, CombineLatestReceiver, @unchecked Sendable {
    // @unchecked Sendable: `state` and `queued` are guarded by `lock`; delivery, and with it the
    // snapshots, is serialised by `state.draining`; `subscriptions` is a CompositeDisposable.
    private let lock = Lock()
    // Guarded by `lock`, so run-time exclusivity checks would only cost time per element.
    @exclusivity(unchecked) private var state: CombineLatestState
    /// Combinations decided while another thread was delivering; run by that thread, in order.
    @exclusivity(unchecked) private var queued = Outbox<() throws -> Observer.Element>()
    // The parts' closures, kept one by one: reading a field of the generic parts struct would
    // cost a metadata look-up per element in unspecialised code.
    private let snapshot: () -> Void
    private let combineSnapshot: () throws -> Observer.Element
    private let combineLater: () -> (() throws -> Observer.Element)
    let subscriptions = CompositeDisposable()

    init(count: Int, parts: CombineLatestParts<Observer.Element>, observer: Observer) {
        self.state = CombineLatestState(done: Array(repeating: false, count: count))
        self.snapshot = parts.snapshot
        self.combineSnapshot = parts.combineSnapshot
        self.combineLater = parts.combineLater
        super.init(observer: observer)
    }

    func next(store: () -> Bool) {
        // Decide under the lock; run the selector and downstream outside it.
        let deliverNow = lock.withLock { () -> Bool in
            guard state.terminal == nil else { return false }
            if store() { state.withValue += 1 }
            guard state.withValue == state.done.count else { return false }
            if state.draining {
                queueCombination()
                return false
            }
            state.draining = true
            snapshot()
            return true
        }
        guard deliverNow else { return }
        deliver(combineSnapshot)
        // The common case: nothing arrived meanwhile.
        let idle = lock.withLock { () -> Bool in
            guard queued.isEmpty, state.terminal == nil else { return false }
            state.draining = false
            return true
        }
        if !idle { drain() }
    }

    /// The contended path: another thread is delivering. Call with `lock` held.
    @inline(never)
    private func queueCombination() {
        queued.append(combineLater())
    }

    func error(_ error: Swift.Error) {
        end(.error(error))
    }

    func completed(_ index: Int) {
        let all = lock.withLock { () -> Bool in
            guard !state.done[index] else { return false }
            state.done[index] = true
            state.doneCount += 1
            return state.doneCount == state.done.count
        }
        if all { end(.completed) }
    }

    private func end(_ terminal: TerminalEvent) {
        let deliverNow = lock.withLock { () -> Bool in
            guard state.terminal == nil else { return false }
            state.terminal = terminal
            if state.draining { return false }
            state.draining = true
            return true
        }
        if deliverNow { drain() }
    }

    private func deliver(_ combine: () throws -> Observer.Element) {
        guard !isDisposed else { return }
        let result: Observer.Element
        do {
            result = try combine()
        } catch {
            return end(.error(error))
        }
        forwardNext(result)
    }

    /// Delivers what was queued meanwhile, then the end if one was decided.
    @inline(never)
    private func drain() {
        while true {
            let (combination, terminal) = lock.withLock { () -> ((() throws -> Observer.Element)?, TerminalEvent?) in
                if !queued.isEmpty { return (queued.popFirst(), nil) }
                if state.terminal == nil { state.draining = false }
                return (nil, state.terminal)
            }
            if let combination {
                deliver(combination)
                continue
            }
            switch terminal {
            case .error(let error)?: forwardTerminal(.error(error))
            case .completed?: forwardTerminal(.completed)
            case nil: break
            }
            return
        }
    }

    override func disposeResources() {
        subscriptions.dispose()
    }
}

final class CombineLatestObservable<Element>: Producer<Element> {
    let count: Int
    let makeParts: () -> CombineLatestParts<Element>

    init(count: Int, makeParts: @escaping () -> CombineLatestParts<Element>) {
        self.count = count
        self.makeParts = makeParts
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        if count == 0 {
            observer.on(.completed)
            return Disposables.create()
        }
        let parts = makeParts()
        let sink = CombineLatestSink(count: count, parts: parts, observer: observer)
        sink.attach(sink.subscriptions)
        for (index, subscribe) in parts.subscribers.enumerated() {
            sink.subscriptions.insert(subscribe(sink, index))
        }
        return sink
    }
}

extension ObservableType {
    /// Combines the latest elements of every sequence with `resultSelector`, whenever any of them
    /// emits (once all have emitted). Completes when all complete; the first error terminates it.
    ///
    /// ```
    /// a:              1---2-----|
    /// b:              --x---y---|
    /// combineLatest:  --1x-2x-2y|
    /// ```
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element) -> Observable<Element> where Collection.Element: ObservableType {
        let sources = Array(collection)
        return CombineLatestObservable(count: sources.count) {
            let cells = sources.map { _ in LatestElement<Collection.Element.Element>() }
            return CombineLatestParts(
                subscribers: Swift.zip(sources, cells).map { latestSubscriber($0, $1) },
                snapshot: { cells.forEach { $0.takeSnapshot() } },
                combineSnapshot: { try resultSelector(cells.map(\.snapshot)) },
                combineLater: {
                    let values = cells.map(\.value)
                    return { try resultSelector(values) }
                })
        }
    }

    /// Combines the latest elements of every sequence into an array whenever any of them emits.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]> where Collection.Element: ObservableType, Collection.Element.Element == Element {
        Observable<[Element]>.combineLatest(collection) { $0 }
    }
}
