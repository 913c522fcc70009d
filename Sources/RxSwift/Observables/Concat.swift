/// Subscribes to the sources one after another; each completion (or, for `catch(sequence:)`,
/// each error) moves to the next through an `IterationGate`, so a long run of synchronous
/// sources does not grow the stack. When the sources run out it completes, or, if the last
/// source failed, forwards that error.
final class ConcatSink<Sources: IteratorProtocol>: Sink<Sources.Element.Element, Sources.Element.Element>,
    @unchecked Sendable
where Sources.Element: ObservableConvertibleType {
    // @unchecked Sendable: as `Sink`; `sources` is advanced only inside `gate`'s loop, one step
    // at a time; `current` is a SerialDisposable.
    private var sources: Sources
    private let advancesOnError: Bool
    private var lastError: Swift.Error?
    private let gate = IterationGate()
    let current = SerialDisposable()

    /// `advancesOnError`: move to the next source on an error and forward completion
    /// (`catch(sequence:)`), instead of the other way round (`concat`).
    init(sources: Sources, advancesOnError: Bool = false, downstream: Link) {
        self.sources = sources
        self.advancesOnError = advancesOnError
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Sources.Element.Element) {
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
            guard let next = sources.next() else {
                return forwardTerminal(lastError.map { .error($0) } ?? .completed)
            }
            current.disposable = next.asObservable().subscribe(receiver: self)
        }
    }

    override func disposeResources() {
        current.dispose()
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
        OperatorObservable { downstream in
            let sink = ConcatSink(sources: sequence.makeIterator(), downstream: downstream)
            sink.attach(sink.current)
            sink.subscribeNext()
            return sink
        }
    }

    /// Emits the elements of each sequence in turn. The collection is read lazily, one source at
    /// a time.
    ///
    /// - Parameter collection: The sources, subscribed to one after another.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        concat(AnySequence(collection))
    }

    /// Emits the elements of each sequence in turn. A sequence that has completed is no longer
    /// referenced (nor what its closures capture).
    ///
    /// - Parameter sources: The sources, subscribed to one after another.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        concat(releasing: sources)
    }

    /// `concat` of an array whose sources are let go of once they completed (`andThen` relies
    /// on it: the first Completable must not outlive its completion).
    static func concat(releasing sources: [Observable<Element>]) -> Observable<Element> {
        OperatorObservable { downstream in
            let sink = ConcatSink(sources: ReleasingIterator(sources), downstream: downstream)
            sink.attach(sink.current)
            sink.subscribeNext()
            return sink
        }
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the elements of each inner sequence in turn, subscribing to the next when one completes.
    public func concat() -> Observable<Element.Element> {
        mergeInner({ $0 }, maxConcurrent: 1)
    }
}

/// Iterates an array, letting go of each element once it has been handed out.
struct ReleasingIterator<Element>: IteratorProtocol {
    private var items: [Element?]
    private var index = 0

    init(_ items: [Element]) {
        self.items = items
    }

    mutating func next() -> Element? {
        guard index < items.count else { return nil }
        defer {
            items[index] = nil
            index += 1
        }
        return items[index]
    }
}

/// RxSwift's debug counter of how deep its recursive `concat` sink nested on the stack. OpenRx's
/// `concat` iterates without recursion (`IterationGate`), so nothing records a depth here; the
/// variable exists so that code (and tests) written against RxSwift compile.
nonisolated(unsafe) public var maxTailRecursiveSinkStackSize = 0
