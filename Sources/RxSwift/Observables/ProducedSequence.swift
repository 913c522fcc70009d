/// A synchronous source: each subscriber gets a fresh generator, which hands the next element to
/// `emit` and returns `true`, returns `false` when done (completion), or throws (error).
///
/// On `CurrentThreadScheduler` (the default of `of`, `from`, `range`, `repeatElement` and
/// `generate`) the whole sequence is emitted by one trampolined action, in a loop that checks
/// disposal before each element: no per-element scheduling cost and no stack growth. On other
/// schedulers each element is a separate scheduled action, as in RxSwift.
///
/// The public functions that build it are `@inlinable`, so the generator closure is compiled,
/// specialised, in the caller's module.
@usableFromInline
final class ProducedSequence<Element>: Producer<Element> {
    @usableFromInline
    typealias Generator = (_ emit: (Element) -> Void) throws -> Bool

    let scheduler: ImmediateSchedulerType
    let makeGenerator: () -> Generator

    @usableFromInline
    init(scheduler: ImmediateSchedulerType, makeGenerator: @escaping () -> Generator) {
        self.scheduler = scheduler
        self.makeGenerator = makeGenerator
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let sink = Sink(observer: observer)
        let generator = makeGenerator()
        if scheduler is CurrentThreadScheduler {
            sink.attach(scheduler.schedule(()) { _ in
                while !sink.isDisposed {
                    guard Self.step(generator, into: sink) else { break }
                }
                return Disposables.create()
            })
        } else {
            sink.attach(scheduler.scheduleRecursive(()) { _, recurse in
                if Self.step(generator, into: sink) { recurse(()) }
            })
        }
        return sink
    }

    /// Emits the generator's next element; returns whether there may be more.
    private static func step<Observer>(_ generator: Generator, into sink: Sink<Observer>) -> Bool where Observer.Element == Element {
        do {
            guard try generator({ sink.forwardNext($0) }) else {
                sink.forwardCompleted()
                return false
            }
            return !sink.isDisposed
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
