/// Accumulates the elements into a value: `scan` emits it after every element, `reduce` once,
/// on completion.
final class AccumulateSink<Source, Accumulate>: Sink<Source, Accumulate>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `accumulate` is touched only by serial deliveries.
    private var accumulate: Accumulate
    private let accumulator: (inout Accumulate, Source) throws -> Void
    private let emitsEveryStep: Bool

    init(
        seed: Accumulate, emitsEveryStep: Bool, accumulator: @escaping (inout Accumulate, Source) throws -> Void,
        downstream: Link
    ) {
        self.accumulate = seed
        self.emitsEveryStep = emitsEveryStep
        self.accumulator = accumulator
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Source) {
        guard !isDisposed else { return }
        do {
            try accumulator(&accumulate, element)
            if emitsEveryStep { forwardNext(accumulate) }
        } catch {
            forwardError(error)
        }
    }

    override func receiveCompleted() {
        if !emitsEveryStep { forwardNext(accumulate) }
        forwardCompleted()
    }
}

extension ObservableType {
    /// Emits each intermediate result of accumulating the elements into `seed`.
    ///
    /// ```
    /// source:                   1-2-3|
    /// scan(0, accumulator: +):  1-3-6|
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Combines the accumulated value with an element; a thrown error fails the sequence.
    public func scan<Accumulate>(
        _ seed: Accumulate, accumulator: @escaping @isolated(any) (Accumulate, Element) throws -> Accumulate
    ) -> Observable<Accumulate> {
        let (accumulator, actor) = Isolation.split(accumulator)
        return delivered(on: actor).accumulate(into: seed, emitsEveryStep: true) { accumulate, element in
            accumulate = try accumulator(accumulate, element)
        }
    }

    /// Emits each intermediate result of accumulating the elements into `seed`, mutated in place.
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Combines the accumulated value with an element; a thrown error fails the sequence.
    public func scan<Accumulate>(
        into seed: Accumulate, accumulator: @escaping @isolated(any) (inout Accumulate, Element) throws -> Void
    ) -> Observable<Accumulate> {
        let (accumulator, actor) = Isolation.split(accumulator)
        return delivered(on: actor).accumulate(into: seed, emitsEveryStep: true, accumulator: accumulator)
    }

    /// `scan` (`emitsEveryStep`) and `reduce`.
    func accumulate<Accumulate>(
        into seed: Accumulate, emitsEveryStep: Bool, accumulator: @escaping (inout Accumulate, Element) throws -> Void
    ) -> Observable<Accumulate> {
        let source = asObservable()
        return OperatorObservable { downstream in
            AccumulateSink(seed: seed, emitsEveryStep: emitsEveryStep, accumulator: accumulator, downstream: downstream)
                .run(source)
        }
    }
}
