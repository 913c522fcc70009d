/// A synchronous source: each subscriber gets a fresh generator, which hands the next element to
/// `emit` and returns `true`, returns `false` when done (completion), or throws (error).
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
@usableFromInline
final class ProducedSequence<Element>: Producer<Element> {
    @usableFromInline
    typealias Generator = (_ emit: Emitter<Element>) throws -> Bool

    let scheduler: ImmediateSchedulerType
    let makeGenerator: () -> Generator

    @usableFromInline
    init(scheduler: ImmediateSchedulerType, makeGenerator: @escaping () -> Generator) {
        self.scheduler = scheduler
        self.makeGenerator = makeGenerator
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        run(receiver: observer.receiverLink)
    }

    override func run(receiver: Link) -> Link {
        let sink = Sink<Never, Element>(downstream: receiver)
        let generator = makeGenerator()
        // Elements go straight to the receiver; the loop checks the stage before each one.
        let emitter = Emitter<Element>(receiver: receiver)
        if scheduler is CurrentThreadScheduler {
            sink.attach(
                scheduler.schedule(()) { _ in
                    Self.emitWhileAlone(generator, emitter, into: sink)
                    return Disposables.create()
                })
        } else {
            sink.attach(
                scheduler.scheduleRecursive(()) { _, recurse in
                    if Self.emitOne(generator, emitter, into: sink) { recurse(()) }
                })
        }
        return sink
    }

    /// Emits elements in a loop, checking the stage before each one, until the sequence ends or
    /// other work waits on this thread's trampoline; then queues the rest behind that work.
    private static func emitWhileAlone(
        _ generator: @escaping Generator, _ emitter: Emitter<Element>, into sink: Sink<Never, Element>
    ) {
        let trampoline = CurrentThreadScheduler.trampoline
        do {
            while !sink.isDisposed {
                guard try generator(emitter) else { return sink.forwardCompleted() }
                if !trampoline.queue.isEmpty { return yield(generator, emitter, into: sink, on: trampoline) }
            }
        } catch {
            sink.forwardError(error)
        }
    }

    /// Queues the rest of the sequence behind the work waiting on `trampoline`.
    @inline(never)
    private static func yield(
        _ generator: @escaping Generator, _ emitter: Emitter<Element>, into sink: Sink<Never, Element>,
        on trampoline: Trampoline
    ) {
        trampoline.queue.append(
            StatefulTrampolineItem(state: ()) { _ in
                emitWhileAlone(generator, emitter, into: sink)
                return Disposables.create()
            })
    }

    /// Emits the next element unless the stage ended; returns whether to schedule another.
    private static func emitOne(
        _ generator: Generator, _ emitter: Emitter<Element>, into sink: Sink<Never, Element>
    ) -> Bool {
        guard !sink.isDisposed else { return false }
        do {
            guard try generator(emitter) else {
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

/// What a generator calls with each element (`emit(element)`): it hands the element to the next
/// stage (`receive(next:)`). Inlinable, so that in the generator, compiled in the caller's
/// module, the hand-over is specialised.
@usableFromInline
struct Emitter<Element> {
    @usableFromInline let receiver: Link

    @usableFromInline
    init(receiver: Link) {
        self.receiver = receiver
    }

    @inlinable
    func callAsFunction(_ element: Element) {
        receiver.receive(next: element)
    }
}
