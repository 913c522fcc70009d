/// The base of the library's sequences that set up a subscription chain.
///
/// The outermost `subscribe` on a thread runs inside the `CurrentThreadScheduler` trampoline, so
/// a synchronous source that loops (`from`, `range`, `repeatElement`, …) starts emitting only
/// after every stage of the chain has been wired to its upstream disposable. That is what lets
/// `repeatElement(1).take(3)` stop its infinite source: `take` can dispose it. Nested subscribes
/// (the trampoline is already running) cost one thread-local look-up and run directly.
@usableFromInline
class Producer<Element>: Observable<Element> {
    #if DEBUG
    /// Where the user's code built this stage (the operator's call: ``CallerPlace/numbered(_:)``,
    /// 0 for unknown), noted only once something may be traced (``RxTrace``), for a recording's
    /// lanes. Debug builds only: in a release build, a field here or any work in this initializer
    /// costs every operator's users more (the callers keep their values retained across it:
    /// `just(x).map { … }.subscribe` + dispose, workload 04, +4.5% instructions).
    final let builtAt: UInt32
    #endif

    @usableFromInline
    override init() {
        #if DEBUG
        builtAt = _slowPath(RxTrace.active.load(ordering: .relaxed)) ? CallerPlace.numberHere() : 0
        #endif
        super.init()
    }

    override final func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        switch CurrentThreadScheduler.nestedSubscription {
        case .now:
            return RxTrace.shouldRecord ? subscribeRecorded(receiver: observer.receiverLink) : run(observer)
        case .onIdleTrampoline:
            return subscribeOnIdleTrampoline(observer)
        case .whenTheStackUnwinds:
            return subscribeWhenTheStackUnwinds(receiver: observer.receiverLink)
        }
    }

    override final func subscribe(receiver: Link) -> Link {
        // The nested subscriptions made inside `run` take the first path, which keeps no local
        // and no closure in this frame: ten thousand nested subscriptions must fit the stack of a
        // debug build, under ThreadSanitizer too.
        switch CurrentThreadScheduler.nestedSubscription {
        case .now:
            return RxTrace.shouldRecord ? subscribeRecorded(receiver: receiver) : run(receiver: receiver)
        case .onIdleTrampoline:
            return subscribeOnIdleTrampoline(receiver: receiver)
        case .whenTheStackUnwinds:
            return subscribeWhenTheStackUnwinds(receiver: receiver)
        }
    }

    override final func subscribeAtOnce(receiver: Link) -> Link {
        RxTrace.shouldRecord ? subscribeRecorded(receiver: receiver) : run(receiver: receiver)
    }

    /// The outermost subscription on this thread: run inside the trampoline.
    private func subscribeOnIdleTrampoline<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if RxTrace.shouldRecord { return subscribeOnIdleTrampoline(receiver: observer.receiverLink) }
        // Unretained: the thread's local storage keeps it (`unretainedTrampoline`).
        return CurrentThreadScheduler.unretainedTrampoline._withUnsafeGuaranteedRef { $0.run { run(observer) } }
    }

    /// The outermost subscription on this thread: run inside the trampoline.
    private func subscribeOnIdleTrampoline(receiver: Link) -> Link {
        if RxTrace.shouldRecord {
            return CurrentThreadScheduler.unretainedTrampoline._withUnsafeGuaranteedRef {
                $0.run { subscribeRecorded(receiver: receiver) }
            }
        }
        return CurrentThreadScheduler.unretainedTrampoline._withUnsafeGuaranteedRef {
            $0.run { run(receiver: receiver) }
        }
    }

    /// `run(receiver:)` for a stage of a traced chain (`RxTrace`), on the running trampoline.
    @inline(never)
    private func subscribeRecorded(receiver: Link) -> Link {
        if self is TraceTransparent { return run(receiver: receiver) }
        return TraceContext.record(self, of: Element.self, receiver: receiver, builtAt: builtAtNumber) {
            run(receiver: $0)
        }
    }

    /// ``builtAt`` in debug builds, 0 in release builds.
    private var builtAtNumber: UInt32 {
        #if DEBUG
        builtAt
        #else
        0
        #endif
    }

    /// `run` for a library receiver; producers whose sinks do not depend on the observer's type
    /// override it (and make `run` call it).
    func run(receiver: Link) -> Link {
        run(Downstream<Element>(link: receiver)).asLink
    }

    /// Sets up the subscription; every concrete producer overrides this.
    func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        rxAbstractMethod()
    }
}

/// The sequence of an operator: each subscription makes one sink, which subscribes to its
/// upstream (ARCHITECTURE.md, "How to write an operator").
///
/// ```swift
/// let source = asObservable()
/// return OperatorObservable { downstream in
///     TakeCountSink(count: count, downstream: downstream).run(source)
/// }
/// ```
class OperatorObservable<Element>: Producer<Element> {
    /// Makes the subscription's sink for a downstream receiver, subscribes it, and returns the
    /// subscription's disposable (the sink). A `var` only for `deinit`, which takes it out where
    /// the stack is low; nothing else can reach the sequence then, so no other thread reads it.
    private var subscribeSink: (Link) -> Link

    init(_ subscribeSink: @escaping (Link) -> Link) {
        self.subscribeSink = subscribeSink
    }

    deinit {
        // `subscribeSink` holds the upstream: let go where the stack is low, a chain of 100,000
        // operators would release them one inside another.
        if _slowPath(Teardown.mustHandOver) {
            var upstream: (Link) -> Link = Self.releasedSubscribeSink
            swap(&upstream, &subscribeSink)
            Teardown.release(consume upstream)
        }
    }

    /// What a released sequence's `subscribeSink` is left as (never called).
    private static func releasedSubscribeSink(_ receiver: Link) -> Link {
        preconditionFailure("OpenRx: a released sequence was subscribed")
    }

    override func run(receiver: Link) -> Link {
        subscribeSink(receiver)
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribeSink(observer.receiverLink)
    }
}

/// An operator's sequence whose sink serves several operators (`MergeSink`: `flatMap`,
/// `concatMap`, `concat`, …): it names its operator for a recording's lanes (`RxTrace`), where
/// the sink's type cannot. A subclass, so that no other operator's sequence carries the name.
final class NamedOperatorObservable<Element>: OperatorObservable<Element>, TraceKindNamed {
    let traceKind: StaticString

    init(kind: StaticString, _ subscribeSink: @escaping (Link) -> Link) {
        traceKind = kind
        super.init(subscribeSink)
    }
}

/// A sink that forwards what it receives unchanged, for operators whose work is done at
/// subscription (`deferred`, `using`, `startWith`, `timer`, …): it is the subscription's
/// disposable, and it keeps events from reaching downstream after the end.
final class ForwardSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`.
    override func receiveNext(_ element: Element) {
        forwardNext(element)
    }
}
