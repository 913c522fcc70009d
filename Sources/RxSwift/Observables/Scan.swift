final class ScanObservable<Source, Accumulate>: Producer<Accumulate> {
    let source: Observable<Source>
    let seed: Accumulate
    let accumulator: (inout Accumulate, Source) throws -> Void

    init(source: Observable<Source>, seed: Accumulate, accumulator: @escaping (inout Accumulate, Source) throws -> Void) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Accumulate {
        let sink = ScanSink<Source, Observer>(seed: seed, accumulator: accumulator, observer: observer)
        sink.attach(source.subscribe(sink))
        return sink
    }
}

final class ScanSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
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
            do {
                try accumulator(&accumulate, element)
                forwardNext(accumulate)
            } catch {
                forwardTerminal(.error(error))
            }
        case .error(let error):
            forwardTerminal(.error(error))
        case .completed:
            forwardTerminal(.completed)
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
        ScanObservable(source: asObservable(), seed: seed) { accumulate, element in
            accumulate = try accumulator(accumulate, element)
        }
    }

    /// Emits each intermediate result of accumulating the elements into `seed`, mutated in place.
    public func scan<Accumulate>(into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void) -> Observable<Accumulate> {
        ScanObservable(source: asObservable(), seed: seed, accumulator: accumulator)
    }
}
