/// A synchronous source: each subscriber gets a fresh generator, made for the `emit` it hands its
/// elements to: each step hands at most one element to `emit` and returns `true`, returns `false`
/// when done (completion), or throws (error). The generator runs its steps in a loop of its own
/// (`Pace.steps`), compiled with them in the caller's module, for as long as its `Pace` allows:
/// one step per scheduled action, or on the trampoline as many as come before disposal or other
/// work.
///
/// RxSwift emits such a sequence one element per scheduled step, each step queued behind
/// whatever else waits on the scheduler; so do the other schedulers here. On
/// `CurrentThreadScheduler` (the default of `of`, `from`, `range`, `repeatElement` and
/// `generate`) one trampolined action emits in a loop instead, checking disposal before each
/// element, for as long as nothing else waits on the trampoline: when something does (another
/// synchronous source of the same `merge`, `combineLatest`, `zip`, …), the loop queues its
/// continuation behind it and returns, so sources interleave element by element exactly as in
/// RxSwift, without a scheduled action per element when nothing can tell the difference.
///
/// The public functions that build it are `@inlinable`, so the generator closure is compiled,
/// specialised, in the caller's module, and it hands each element to the next stage itself
/// (`Emitter`): the library's generic code only runs the loop.
///
/// `map` and `filter` applied to such a source make another one (`mapped(_:)`, `filtered(_:)`)
/// whose generator runs the source's with an emitter that transforms or tests each element before
/// handing it on, compiled in the caller's module too: no stage per operator, one hop per element.
/// Nothing observable changes: each closure runs when the element would have reached its stage,
/// an error it throws ends the sequence with that error, and disposal is checked before each step.
@usableFromInline
final class ProducedSequence<Element>: Producer<Element>, ActorDelivering {
    var deliveryActor: (any Actor)? { runsOnMain ? MainActor.shared : nil }

    /// Runs steps, each handing at most one element on, while `pace` allows; returns whether the
    /// sequence goes on.
    @usableFromInline
    typealias Generator = (_ pace: Pace) throws -> Bool

    @usableFromInline let scheduler: ImmediateSchedulerType
    @usableFromInline let makeGenerator: (_ emit: Emitter<Element>) -> Generator
    /// Whether the generator runs on main: set when a closure of the main actor is applied to a
    /// sequence that emits on the subscribing thread (`confinedToMain()`). Subscribed on main, it
    /// runs as usual, with nothing added per element; subscribed elsewhere, it is subscribed on
    /// main instead, as `subscribe(on: MainScheduler.instance)` would.
    @usableFromInline let runsOnMain: Bool
    /// How many `map`s and `filter`s this sequence applies as it emits (`mapped`, `filtered`):
    /// each wraps the generator's emitter in one more closure, so past `FusedClosures.limit` a
    /// `map` or `filter` is a stage of its own instead, and a long chain needs no deep stack.
    @usableFromInline let fusions: Int

    @usableFromInline
    init(
        scheduler: ImmediateSchedulerType, runsOnMain: Bool = false, fusions: Int = 0,
        makeGenerator: @escaping (_ emit: Emitter<Element>) -> Generator
    ) {
        self.scheduler = scheduler
        self.makeGenerator = makeGenerator
        self.runsOnMain = runsOnMain
        self.fusions = fusions
    }

    /// Whether one more `map` or `filter` is applied as this sequence emits (`mapped`, `filtered`).
    @inlinable
    var fusesMore: Bool { fusions < FusedClosures.limit }

    /// This sequence, run on main (nil when it emits on a scheduler of its own, not on the
    /// subscribing thread).
    func confinedToMain() -> Observable<Element>? {
        guard scheduler is CurrentThreadScheduler else { return nil }
        return ProducedSequence(scheduler: scheduler, runsOnMain: true, fusions: fusions, makeGenerator: makeGenerator)
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        run(receiver: observer.receiverLink)
    }

    override func run(receiver: Link) -> Link {
        if runsOnMain && !MainScheduler.isOnMain { return runOnMain(receiver: receiver) }
        let sink = Sink<Never, Element>(downstream: receiver)
        // Elements go straight to the receiver, or to its `onNext` closure when that is all it
        // would do with them; the loop checks the stage before each one. Every link that receives
        // elements is a `Receiver` of their type (`receive(next:)` traps otherwise), so it is
        // called through its typed entry point: no generic hand-off per element.
        // (`if let`, not `Optional.map`: through `map` the closure would be reabstracted twice,
        // two thunks per element.)
        let typed = unsafeDowncast(receiver, to: Receiver<Element>.self)
        let emit: Emitter<Element> =
            if let handler = typed.directElementHandler() { Emitter(handler) } else { Emitter(receiver: typed) }
        let generator = makeGenerator(emit)
        if scheduler is CurrentThreadScheduler {
            sink.attach(
                scheduler.schedule(()) { _ in
                    Self.emitWhileAlone(generator, into: sink)
                    return Disposables.create()
                })
        } else {
            let pace = Pace(stage: sink, trampoline: nil)
            sink.attach(
                scheduler.scheduleRecursive(()) { _, recurse in
                    if Self.emitOne(generator, into: sink, pace: pace) { recurse(()) }
                })
        }
        return sink
    }

    /// Subscribed off main although it runs on main: subscribed there instead.
    @inline(never)
    private func runOnMain(receiver: Link) -> Link {
        let onAnyThread = ProducedSequence(scheduler: scheduler, fusions: fusions, makeGenerator: makeGenerator)
        let hopped = onAnyThread.subscribe(on: MainScheduler.instance)
        return unsafeDowncast(hopped, to: Producer<Element>.self).run(receiver: receiver)
    }

    /// Emits elements (the generator's loop checks the stage before each one) until the sequence
    /// ends, the stage ends or other work waits on this thread's trampoline; then queues the rest
    /// behind that work.
    private static func emitWhileAlone(
        _ generator: @escaping Generator, into sink: Sink<Never, Element>
    ) {
        guard !sink.isDisposed else { return }
        let trampoline = CurrentThreadScheduler.trampoline
        do {
            guard try generator(Pace(stage: sink, trampoline: trampoline)) else { return sink.forwardCompleted() }
            // The generator stopped early: the stage ended, or other work waits.
            if !sink.isDisposed { yield(generator, into: sink, on: trampoline) }
        } catch {
            sink.forwardError(error)
        }
    }

    /// Queues the rest of the sequence behind the work waiting on `trampoline`.
    @inline(never)
    private static func yield(
        _ generator: @escaping Generator, into sink: Sink<Never, Element>, on trampoline: Trampoline
    ) {
        trampoline.queue.append(
            StatefulTrampolineItem(state: ()) { _ in
                emitWhileAlone(generator, into: sink)
                return Disposables.create()
            })
    }

    /// Emits the next element unless the stage ended; returns whether to schedule another.
    private static func emitOne(
        _ generator: Generator, into sink: Sink<Never, Element>, pace: Pace
    ) -> Bool {
        guard !sink.isDisposed else { return false }
        do {
            guard try generator(pace) else {
                sink.forwardCompleted()
                return false
            }
            return true
        } catch {
            sink.forwardError(error)
            return false
        }
    }
}

/// What a generator asks after each step: whether to run the next one now. On the trampoline, yes
/// while the subscription is alive and nothing else waits on the thread's trampoline (otherwise
/// the generator returns and the loop that called it disposes, or queues the rest behind that
/// work); on any other scheduler, never: one step per scheduled action.
@usableFromInline
struct Pace {
    let stage: Stage<Never>
    /// The thread's trampoline; `nil` for one step per call.
    let trampoline: Trampoline?

    init(stage: Stage<Never>, trampoline: Trampoline?) {
        self.stage = stage
        self.trampoline = trampoline
    }

    /// Whether the generator may run its next step in this call.
    @usableFromInline
    func allowsAnother() -> Bool {
        guard let trampoline else { return false }
        return trampoline.queue.isEmpty && !stage.isDisposed
    }

    /// Runs `step` (which hands at most one element on, and returns `false` when the sequence is
    /// done) while this pace allows; returns whether the sequence goes on. Inlined into the
    /// generator, so the loop and the step are one function.
    @inlinable @inline(__always)
    func steps(_ step: () throws -> Bool) rethrows -> Bool {
        repeat {
            guard try step() else { return false }
        } while allowsAnother()
        return true
    }
}

/// How many closures one stage composes, each calling the one before (`map`s and `filter`s
/// applied as `from` or `just` emits, `map`s after `just.map`): past it, an operator is a stage of
/// its own, so that a long chain needs no deep stack (ARCHITECTURE.md, "Deep chains and the
/// stack"). Not generic: read in generic code, it looks no type metadata up.
@usableFromInline
enum FusedClosures {
    @inlinable static var limit: Int { 64 }
}

/// The mutable state of one generator. A variable captured by the generator closure would be
/// boxed with a run-time exclusivity check on every element; this class opts out of the check
/// (a generator runs on one thread at a time, one step after another).
@usableFromInline
final class GeneratorState<Value> {
    @usableFromInline @exclusivity(unchecked) var value: Value

    @usableFromInline
    init(_ value: Value) {
        self.value = value
    }
}

/// What a generator calls with each element (`try emit(element)`): it hands the element to the
/// next stage (`receiveNext(_:)`), to a subscriber's `onNext` closure
/// (`Receiver.directElementHandler()`), or, in a sequence that `map` or `filter` made from
/// another, to the closure that transforms or tests it on the way. Inlinable, so that in the
/// generator, compiled in the caller's module, the hand-over is specialised.
@usableFromInline
struct Emitter<Element> {
    /// The next stage, or `nil` when `forward` takes the elements.
    @usableFromInline let receiver: Receiver<Element>?
    @usableFromInline let forward: (Element) throws -> Void

    @usableFromInline
    init(receiver: Receiver<Element>) {
        self.receiver = receiver
        self.forward = { _ in }
    }

    @inlinable
    init(_ forward: @escaping (Element) throws -> Void) {
        self.receiver = nil
        self.forward = forward
    }

    /// Hands `element` on. The receiver is used without binding the optional: `if let` would
    /// retain and release it per element.
    @inlinable
    func callAsFunction(_ element: Element) throws {
        if receiver != nil {
            receiver.unsafelyUnwrapped.receiveNext(element)
        } else {
            try forward(element)
        }
    }
}

extension ProducedSequence {
    /// This sequence with `transform` applied to each element as it is emitted (`map`).
    @inlinable @inline(__always)
    func mapped<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        let makeGenerator = makeGenerator
        return ProducedSequence<Result>(scheduler: scheduler, runsOnMain: runsOnMain, fusions: fusions + 1) { emit in
            makeGenerator(Emitter { try emit(transform($0)) })
        }
    }

    /// This sequence without the elements `predicate` rejects, each tested as it is emitted
    /// (`filter`).
    @inlinable @inline(__always)
    func filtered(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let makeGenerator = makeGenerator
        return ProducedSequence(scheduler: scheduler, runsOnMain: runsOnMain, fusions: fusions + 1) { emit in
            makeGenerator(Emitter { if try predicate($0) { try emit($0) } })
        }
    }
}
