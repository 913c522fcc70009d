/// Subscribes to the sources one after another; each completion moves to the next through an
/// `IterationGate`, so a long run of synchronous sources does not grow the stack.
final class ConcatSink<Sources: IteratorProtocol, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable where Sources.Element: ObservableConvertibleType, Sources.Element.Element == Observer.Element {
    // @unchecked Sendable: as `Sink`; `sources` is advanced only inside `gate`'s loop, one step
    // at a time; `current` is a SerialDisposable.
    private var sources: Sources
    private let gate = IterationGate()
    let current = SerialDisposable()

    init(sources: Sources, observer: Observer) {
        self.sources = sources
        super.init(observer: observer)
    }

    func on(_ event: Event<Observer.Element>) {
        if case .completed = event {
            subscribeNext()
        } else {
            forward(event)
        }
    }

    func subscribeNext() {
        gate.request {
            guard !isDisposed else { return }
            guard let next = sources.next() else { return forwardTerminal(.completed) }
            current.disposable = next.asObservable().subscribe(self)
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
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element> where Source.Element == Element {
        Observable.concat([asObservable(), second.asObservable()])
    }

    /// Emits the elements of each sequence in turn, subscribing to the next when one completes.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element> where Sequence.Element == Observable<Element> {
        AnonymousObservable { observer in
            let sink = ConcatSink(sources: sequence.makeIterator(), observer: observer)
            sink.attach(sink.current)
            sink.subscribeNext()
            return sink
        }
    }

    /// Emits the elements of each sequence in turn.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element> where Collection.Element == Observable<Element> {
        concat(AnySequence(collection))
    }

    /// Emits the elements of each sequence in turn.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        concat(sources)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the elements of each inner sequence in turn, subscribing to the next when one completes.
    public func concat() -> Observable<Element.Element> {
        MergeObservable(source: asObservable(), selector: { $0 }, maxConcurrent: 1)
    }
}
