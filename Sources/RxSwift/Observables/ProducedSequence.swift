/// A synchronous source: each subscriber gets a fresh generator, whose elements are emitted on
/// a scheduler until it returns `nil` (completion) or throws (error).
///
/// On `CurrentThreadScheduler` (the default of `of`, `from`, `range`, `repeatElement` and
/// `generate`) the whole sequence is emitted by one trampolined action, in a loop that checks
/// disposal before each element: no per-element scheduling cost and no stack growth. On other
/// schedulers each element is a separate scheduled action, as in RxSwift.
final class ProducedSequence<Element>: Producer<Element> {
    let scheduler: ImmediateSchedulerType
    let makeGenerator: () -> () throws -> Element?

    init(scheduler: ImmediateSchedulerType, makeGenerator: @escaping () -> () throws -> Element?) {
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
    private static func step<Observer>(_ generator: () throws -> Element?, into sink: Sink<Observer>) -> Bool where Observer.Element == Element {
        do {
            guard let element = try generator() else {
                sink.forwardTerminal(.completed)
                return false
            }
            sink.forwardNext(element)
            return !sink.isDisposed
        } catch {
            sink.forwardTerminal(.error(error))
            return false
        }
    }
}
