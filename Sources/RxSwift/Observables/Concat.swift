import Synchronization

/// The sources a `ConcatSink` has yet to subscribe, read one at a time: each with whether it is
/// the last (known for a collection, from its indices, without reading further; never for a
/// sequence), so that a nested `concat` in last place replaces these sources instead of being
/// stacked on them (RxSwift's tail call).
struct ConcatSources<Element> {
    let next: () -> (source: Observable<Element>, isLast: Bool)?

    /// A sequence's sources: which is the last is not known.
    init<Sources: Sequence>(_ sources: Sources) where Sources.Element == Observable<Element> {
        var iterator = sources.makeIterator()
        next = { iterator.next().map { ($0, false) } }
    }

    /// A collection's sources, each read when it is reached.
    init<Sources: Collection>(_ sources: Sources) where Sources.Element == Observable<Element> {
        var index = sources.startIndex
        next = {
            guard index != sources.endIndex else { return nil }
            let source = sources[index]
            sources.formIndex(after: &index)
            return (source, index == sources.endIndex)
        }
    }

    /// An array's sources, each let go of once it has been handed out.
    init(releasing sources: [Observable<Element>]) {
        var items = sources.map(Optional.some)
        var index = 0
        next = {
            guard index < items.count, let source = items[index] else { return nil }
            items[index] = nil
            index += 1
            return (source, index == items.count)
        }
    }
}

/// `concat` of sources: a sequence a `ConcatSink` that meets it among its sources takes in
/// (`ConcatSources`) rather than subscribes, so that nested concats do not nest subscriptions.
final class ConcatObservable<Element>: Producer<Element> {
    let makeSources: () -> ConcatSources<Element>

    init(makeSources: @escaping () -> ConcatSources<Element>) {
        self.makeSources = makeSources
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        run(receiver: observer.receiverLink)
    }

    override func run(receiver: Link) -> Link {
        let sink = ConcatSink(sources: makeSources(), downstream: receiver)
        sink.attach(sink.current)
        sink.subscribeNext()
        return sink
    }
}

/// Subscribes to the sources one after another; each completion (or, for `catch(sequence:)`,
/// each error) moves to the next through an `IterationGate`, so a long run of synchronous
/// sources does not grow the stack. When the sources run out it completes, or, if the last
/// source failed, forwards that error.
///
/// A source that is itself a `concat` (`ConcatObservable`) is not subscribed: its sources are
/// stacked on the current ones (or replace them, when it came last in a collection), as
/// RxSwift's tail-recursive sink does; `maxTailRecursiveSinkStackSize` records the deepest stack.
final class ConcatSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `stack` and `lastError` change only inside `gate`'s loop
    // or in serial deliveries, one step at a time; `current` is a SerialDisposable.
    private var stack: [ConcatSources<Element>]
    private let advancesOnError: Bool
    private var lastError: Swift.Error?
    private let gate = IterationGate()
    let current = SerialDisposable()

    /// `advancesOnError`: move to the next source on an error and forward completion
    /// (`catch(sequence:)`), instead of the other way round (`concat`).
    init(sources: ConcatSources<Element>, advancesOnError: Bool = false, downstream: Link) {
        self.stack = [sources]
        self.advancesOnError = advancesOnError
        super.init(downstream: downstream)
        TailRecursion.record(depth: 1)
    }

    override func receiveNext(_ element: Element) {
        forwardNext(element)
    }

    override func receiveCompleted() {
        if advancesOnError { forwardCompleted() } else { subscribeNext() }
    }

    override func receiveError(_ error: Swift.Error) {
        guard advancesOnError else { return forwardError(error) }
        lastError = error
        subscribeNext()
    }

    func subscribeNext() {
        gate.request {
            guard !isDisposed, !downstreamHasEnded else { return }
            // After the last source, the terminal event is forwarded before that source is
            // disposed, as in RxSwift.
            guard let next = nextSource() else {
                return forwardTerminal(lastError.map { .error($0) } ?? .completed)
            }
            // The finished source is disposed before the next one subscribes, as in RxSwift: a
            // shared source it kept connected disconnects, and the next one connects anew.
            current.disposable = Disposables.create()
            current.disposable = next.subscribe(receiver: self)
        }
    }

    /// The next source to subscribe, taking nested concats in.
    private func nextSource() -> Observable<Element>? {
        while let top = stack.last {
            guard let (next, isLast) = top.next() else {
                stack.removeLast()
                continue
            }
            guard !advancesOnError, let nested = next as? ConcatObservable<Element> else { return next }
            if isLast { stack.removeLast() }
            stack.append(nested.makeSources())
            TailRecursion.record(depth: stack.count)
        }
        return nil
    }

    override func disposeResources() {
        current.dispose()
    }
}

/// The deepest stack of sources a `concat` has held (`maxTailRecursiveSinkStackSize`).
enum TailRecursion {
    static let deepest = Atomic<Int>(0)

    static func record(depth: Int) {
        var seen = deepest.load(ordering: .relaxed)
        while depth > seen {
            let (exchanged, original) = deepest.compareExchange(
                expected: seen, desired: depth, ordering: .relaxed)
            if exchanged { return }
            seen = original
        }
    }
}

extension ObservableType {
    /// Emits the source's elements, then `second`'s.
    ///
    /// ```
    /// self:     1-2|
    /// second:       3-4|
    /// concat:   1-2-3-4|
    /// ```
    ///
    /// - Parameter second: The sequence subscribed to after this one completes.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
    where Source.Element == Element {
        Observable.concat(releasing: [asObservable(), second.asObservable()])
    }

    /// Emits the elements of each sequence in turn, subscribing to the next when one completes.
    ///
    /// - Parameter sequence: The sequences, subscribed to one after another.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        ConcatObservable { ConcatSources(sequence) }
    }

    /// Emits the elements of each sequence in turn. The collection is read lazily, one source at
    /// a time.
    ///
    /// - Parameter collection: The sources, subscribed to one after another.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        ConcatObservable { ConcatSources(collection) }
    }

    /// Emits the elements of each sequence in turn. A sequence that has completed is no longer
    /// referenced (nor what its closures capture).
    ///
    /// - Parameter sources: The sources, subscribed to one after another.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        concat(releasing: sources)
    }

    /// `concat` of an array whose sources are let go of once they completed.
    static func concat(releasing sources: [Observable<Element>]) -> Observable<Element> {
        ConcatObservable { ConcatSources(releasing: sources) }
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the elements of each inner sequence in turn, subscribing to the next when one completes.
    public func concat() -> Observable<Element.Element> {
        mergeInner({ $0.asObservable() }, maxConcurrent: 1, kind: "concat")
    }
}

/// The largest number of source sequences a `concat` has stacked up (RxSwift's debug counter of
/// its tail-recursive sink's stack): nested concats are taken in, not subscribed; one in last
/// place of a collection replaces the sources it came from (depth 1 for any chain of such
/// concats), one from a sequence whose count is unknown is stacked. Tests set it to 0 first.
public var maxTailRecursiveSinkStackSize: Int {
    get { TailRecursion.deepest.load(ordering: .relaxed) }
    set { TailRecursion.deepest.store(newValue, ordering: .relaxed) }
}
