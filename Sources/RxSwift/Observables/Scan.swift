/// Accumulates the elements into a value: `scan` emits it after every element, `reduce` once,
/// on completion.
final class AccumulateObservable<Source, Accumulate>: Producer<Accumulate> {
    let source: Observable<Source>
    let seed: Accumulate
    let accumulator: (inout Accumulate, Source) throws -> Void
    let emitsEveryStep: Bool

    init(source: Observable<Source>, seed: Accumulate, emitsEveryStep: Bool, accumulator: @escaping (inout Accumulate, Source) throws -> Void) {
        self.source = source
        self.seed = seed
        self.emitsEveryStep = emitsEveryStep
        self.accumulator = accumulator
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Accumulate {
        let sink = AccumulateSink<Source, Observer>(parent: self, observer: observer)
        sink.attach(source.subscribe(sink))
        return sink
    }
}

final class AccumulateSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `accumulate` is touched only by serial `on` calls.
    private var accumulate: Observer.Element
    private let parent: AccumulateObservable<Source, Observer.Element>

    init(parent: AccumulateObservable<Source, Observer.Element>, observer: Observer) {
        self.accumulate = parent.seed
        self.parent = parent
        super.init(observer: observer)
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            guard !isDisposed else { return }
            do {
                try parent.accumulator(&accumulate, element)
                if parent.emitsEveryStep { forwardNext(accumulate) }
            } catch {
                forwardError(error)
            }
        case .error(let error):
            forwardError(error)
        case .completed:
            if !parent.emitsEveryStep { forwardNext(accumulate) }
            forwardCompleted()
        }
    }
}

extension ObservableType {
    /// Emits each intermediate result of accumulating the elements into `seed`.
    ///
    /// ```
    /// source:              1-2-3|
    /// scan(0, accumulator: +):  1-3-6|
    /// ```
    public func scan<Accumulate>(_ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate) -> Observable<Accumulate> {
        AccumulateObservable(source: asObservable(), seed: seed, emitsEveryStep: true) { accumulate, element in
            accumulate = try accumulator(accumulate, element)
        }
    }

    /// Emits each intermediate result of accumulating the elements into `seed`, mutated in place.
    public func scan<Accumulate>(into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void) -> Observable<Accumulate> {
        AccumulateObservable(source: asObservable(), seed: seed, emitsEveryStep: true, accumulator: accumulator)
    }
}
