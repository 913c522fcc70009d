final class ReduceObservable<Source, Accumulate>: Producer<Accumulate> {
    let source: Observable<Source>
    let seed: Accumulate
    let accumulator: (inout Accumulate, Source) throws -> Void

    init(source: Observable<Source>, seed: Accumulate, accumulator: @escaping (inout Accumulate, Source) throws -> Void) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Accumulate {
        let sink = ReduceSink<Source, Observer>(seed: seed, accumulator: accumulator, observer: observer)
        sink.attach(source.subscribe(sink))
        return sink
    }
}

final class ReduceSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `accumulate` is touched only by serial `on` calls.
    private var accumulate: Observer.Element
    private let accumulator: (inout Observer.Element, Source) throws -> Void

    init(seed: Observer.Element, accumulator: @escaping (inout Observer.Element, Source) throws -> Void, observer: Observer) {
        self.accumulate = seed
        self.accumulator = accumulator
        super.init(observer: observer)
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            guard !isDisposed else { return }
            do { try accumulator(&accumulate, element) } catch { forwardTerminal(.error(error)) }
        case .error(let error):
            forwardTerminal(.error(error))
        case .completed:
            forwardNext(accumulate)
            forwardTerminal(.completed)
        }
    }
}

extension ObservableType {
    /// Accumulates every element into `seed` and emits the final result when the source completes.
    ///
    /// ```
    /// source:                     1-2-3|
    /// reduce(0, accumulator: +):  -----(6|)
    /// ```
    public func reduce<Accumulate>(_ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate) -> Observable<Accumulate> {
        ReduceObservable(source: asObservable(), seed: seed) { accumulate, element in
            accumulate = try accumulator(accumulate, element)
        }
    }

    /// Accumulates every element into `seed`, then emits `mapResult` of the result on completion.
    public func reduce<Accumulate, Result>(_ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate, mapResult: @escaping (Accumulate) throws -> Result) -> Observable<Result> {
        reduce(seed, accumulator: accumulator).map(mapResult)
    }

    /// Accumulates every element into `seed`, mutated in place, and emits the result on completion.
    public func reduce<Accumulate>(into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void) -> Observable<Accumulate> {
        ReduceObservable(source: asObservable(), seed: seed, accumulator: accumulator)
    }
}
