// reduce is `scan` that emits only the final value: see AccumulateSink in Scan.swift.

extension ObservableType {
    /// Accumulates every element into `seed` and emits the final result when the source completes.
    ///
    /// ```
    /// source:                     1-2-3|
    /// reduce(0, accumulator: +):  -----(6|)
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Combines the accumulated value with an element; a thrown error fails the sequence.
    public func reduce<Accumulate>(
        _ seed: Accumulate, accumulator: @escaping @isolated(any) (Accumulate, Element) throws -> Accumulate
    ) -> Observable<Accumulate> {
        let (accumulator, actor) = Isolation.split(accumulator)
        return delivered(on: actor).accumulate(into: seed, emitsEveryStep: false) { accumulate, element in
            accumulate = try accumulator(accumulate, element)
        }
    }

    /// Accumulates every element into `seed`, then emits `mapResult` of the result on completion.
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Combines the accumulated value with an element; a thrown error fails the sequence.
    ///   - mapResult: Maps the final accumulated value to the result; a thrown error fails the sequence.
    public func reduce<Accumulate, Result>(
        _ seed: Accumulate, accumulator: @escaping @isolated(any) (Accumulate, Element) throws -> Accumulate,
        mapResult: @escaping @isolated(any) (Accumulate) throws -> Result
    ) -> Observable<Result> {
        reduce(seed, accumulator: accumulator).map(mapResult)
    }

    /// Accumulates every element into `seed`, mutated in place, and emits the result on completion.
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Combines the accumulated value with an element; a thrown error fails the sequence.
    public func reduce<Accumulate>(
        into seed: Accumulate, accumulator: @escaping @isolated(any) (inout Accumulate, Element) throws -> Void
    ) -> Observable<Accumulate> {
        let (accumulator, actor) = Isolation.split(accumulator)
        return delivered(on: actor).accumulate(into: seed, emitsEveryStep: false, accumulator: accumulator)
    }
}
