import Synchronization

/// A sequence that names its operator for a recording's lanes, where its sink's type does not.
protocol TraceKindNamed: AnyObject {
    var traceKind: StaticString { get }
}

/// A stage the library adds that the user did not write (the hop to the main actor before a
/// main-actor closure): a recording has no lane for it, and the stage it serves shows its events
/// as they arrive there, each with the thread it came on.
protocol TraceTransparent: AnyObject {}

/// The traced stage a thread is working for, and where its chain was traced.
struct TraceContext {
    let stage: Int
    let place: String?

    /// This thread's.
    static var current: TraceContext? {
        CurrentThreadScheduler.unretainedTrampoline._withUnsafeGuaranteedRef { $0.traceContext }
    }

    /// Runs `body` with `context` as this thread's, then restores the previous one.
    @inline(__always)
    static func with<R>(_ context: TraceContext?, _ body: () -> R) -> R {
        let trampoline = CurrentThreadScheduler.unretainedTrampoline
        let previous = trampoline._withUnsafeGuaranteedRef { trampoline -> TraceContext? in
            defer { trampoline.traceContext = context }
            return trampoline.traceContext
        }
        defer { trampoline._withUnsafeGuaranteedRef { $0.traceContext = previous } }
        return body()
    }

    /// Subscribes a stage with its events and disposal recorded: `subscribe` is handed the
    /// receiver to subscribe instead of `receiver`. `kind` names the stage when the subscription
    /// it returns does not (`subject`); `name` and `place` are a `trace` stage's; `builtAt` is
    /// the number of the place where the user's code built the stage (`CallerPlace`), 0 when unknown.
    static func record<Element>(
        _ source: AnyObject, of _: Element.Type, receiver: Link, kind: String? = nil, name: String? = nil,
        place: String? = nil, builtAt: UInt32 = 0,
        subscribe: (Link) -> Link
    ) -> Link {
        let outer = current
        let tracedAt = place ?? outer?.place
        let id = RxTrace.recorder.withLock {
            $0.makeNode(parent: outer?.stage, name: name, kind: kind ?? "subscribe", place: tracedAt, builtAt: builtAt)
        }
        let tap = TraceTap<Element>(stage: id, consumer: outer, downstream: receiver)
        let subscription = with(TraceContext(stage: id, place: tracedAt)) { subscribe(tap) }
        let described = kind ?? stageKind(of: subscription, source: source)
        RxTrace.recorder.withLock { $0.setKind(described, of: id) }
        tap.attach(subscription)
        return tap
    }

    /// The operator a stage's subscription belongs to, from its sink's type (`FlatMapLatestSink<…>`
    /// is `flatMapLatest`), or its sequence's when the subscription is not a sink.
    private static func stageKind(of subscription: Link, source: AnyObject) -> String {
        if let kind = (source as? TraceKindNamed)?.traceKind { return "\(kind)" }
        let sink = "\(type(of: subscription))"
        if let end = sink.range(of: "Sink")?.lowerBound, !sink.hasPrefix("Sink"), !sink.hasPrefix("ForwardSink") {
            let name = lowerFirst(String(sink[..<end]))
            return renamed[name] ?? name
        }
        var name = "\(type(of: source))"
        if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
        for suffix in ["Observable", "Sequence", "Producer"] where name.hasSuffix(suffix) && name != suffix {
            name.removeLast(suffix.count)
        }
        let kind = lowerFirst(name)
        return renamed[kind] ?? kind
    }

    /// Operators whose sink or sequence is named after what it does rather than after them.
    private static let renamed = [
        "switch": "flatMapLatest", "anonymous": "create", "accumulate": "scan", "produced": "from",
        "observeOn": "observe(on:)", "multiSource": "combine",
        "justMap": "just.map", "filterMap": "filter.map", "takeCount": "take",
        "skipCount": "skip", "elementAt": "element(at:)", "singleElement": "asSingle",
    ]

    private static func lowerFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        // "SubscribeOn" → "subscribeOn"; "AnonymousObservable" → "anonymous" (create).
        return first.lowercased() + name.dropFirst()
    }
}

/// Stands between a traced stage and its receiver: records what the stage sends and the
/// disposal of its subscription, and passes both on unchanged. While it delivers, this thread
/// works for the receiving stage (`consumer`), so what that stage subscribes meanwhile (an inner
/// sequence of `flatMap`) is recorded under it.
final class TraceTap<Element>: Receiver<Element>, @unchecked Sendable {
    // @unchecked Sendable: `stage`, `consumer` and `downstream` are immutable; `subscription` is
    // guarded by its lock, and `disposed` is atomic, changed only with that lock held.
    private let stage: Int
    private let consumer: TraceContext?
    private let downstream: Link
    /// The stage's subscription, once attached and until disposed.
    private let subscription = Locked<Link?>(nil)
    /// Whether the stage's subscription was disposed: set with `subscription`'s lock held (so that
    /// `attach` and the first disposal decide under one lock), read without it per event.
    private let disposed = Atomic<Bool>(false)
    /// How an element is written into the recording (`ElementDescription`).
    private let describe: (Element) -> String

    init(stage: Int, consumer: TraceContext?, downstream: Link) {
        self.stage = stage
        self.consumer = consumer
        self.downstream = downstream
        describe = ElementDescription.describer(of: Element.self)
    }

    /// Keeps the stage's subscription (disposing it at once if the tap was disposed first).
    ///
    /// No other thread can dispose the tap while this runs: `record` hands the tap out only
    /// when it returns, after `attach`, and the stage holds it only as its receiver, which it
    /// never disposes. So checking and keeping under two acquisitions of the lock would behave
    /// the same today (issue 68 looked for a real-thread test that tells them apart and found
    /// none can); they share one acquisition so that it stays right if a tap is ever published
    /// earlier.
    func attach(_ upstream: Link) {
        let disposeNow = subscription.withLock { kept -> Bool in
            if disposed.load(ordering: .relaxed) { return true }
            kept = upstream
            return false
        }
        if disposeNow { upstream.dispose() }
    }

    private func note(_ kind: RxTrace.Event.Kind, _ value: String?) {
        RxTrace.recorder.withLock { $0.record(kind, of: stage, value: value) }
    }

    /// Whether the stage's subscription was disposed: checked right before each event is passed
    /// on, after it is recorded, as a stage checks before it forwards. Recording takes a lock,
    /// and an event whose stage checked its disposal before that lock must not reach a receiver
    /// that disposed meanwhile from another thread (found by the stress run: `merge` of two
    /// sources on a concurrent scheduler, disposed by the subscribing thread as the elements
    /// came, delivered one after `dispose()` returned).
    private var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    override func receiveNext(_ element: Element) {
        note(.next, describe(element))
        guard !isDisposed else { return }
        TraceContext.with(consumer) { downstream.receive(next: element) }
    }

    override func receiveCompleted() {
        note(.completed, nil)
        guard !isDisposed else { return }
        TraceContext.with(consumer) { downstream.receiveCompleted() }
    }

    override func receiveError(_ error: Swift.Error) {
        note(.error, String(describing: error))
        guard !isDisposed else { return }
        TraceContext.with(consumer) { downstream.receiveError(error) }
    }

    override var hasEnded: Bool { downstream.hasEnded }

    override func dispose() {
        takeUpstreamOnce()?.dispose()
    }

    override func disposeAfterDeliveringTerminal() {
        takeUpstreamOnce()?.disposeAfterDeliveringTerminal()
    }

    /// The first disposal (either kind) records it and hands the stage's subscription over (`nil`
    /// before `attach`, which then disposes it); later ones get nothing.
    private func takeUpstreamOnce() -> Link? {
        let taken = subscription.withLock { kept -> Link?? in
            if disposed.load(ordering: .relaxed) { return nil }
            disposed.store(true, ordering: .releasing)
            defer { kept = nil }
            return .some(kept)
        }
        guard let upstream = taken else { return nil }
        note(.disposed, nil)
        return upstream
    }
}

/// `String(describing:)` for a type known in advance: the conformance it would look for on every
/// value (`TextOutputStreamable`, then `CustomStringConvertible`) is looked for once, for the
/// type, when a stage is recorded. Asked of each element, those dynamic casts were a third of
/// what recording costs per element (workload 17). The text is the same: classes (whose
/// subclasses may conform differently), existentials and types with neither conformance are
/// still described value by value.
enum ElementDescription {
    static func describer<Value>(of type: Value.Type) -> (Value) -> String {
        if type is AnyObject.Type { return { String(describing: $0) } }
        if let streamable = type as? any TextOutputStreamable.Type {
            func writer<Streamable: TextOutputStreamable>(_: Streamable.Type) -> (Value) -> String {
                { value in
                    var text = ""
                    // `Value` is `Streamable`: the same type, seen through the cast above.
                    unsafeBitCast(value, to: Streamable.self).write(to: &text)
                    return text
                }
            }
            return writer(streamable)
        }
        if let convertible = type as? any CustomStringConvertible.Type {
            func describer<Convertible: CustomStringConvertible>(_: Convertible.Type) -> (Value) -> String {
                { value in unsafeBitCast(value, to: Convertible.self).description }
            }
            return describer(convertible)
        }
        return { String(describing: $0) }
    }
}
