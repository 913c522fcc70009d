/// The integer types `range`, `timer` and `interval` produce.
public typealias RxAbstractInteger = FixedWidthInteger

extension ObservableType where Element: RxAbstractInteger {
    /// The `count` integers starting at `start`, then completion.
    ///
    /// A negative `count` fails with `RxError.argumentOutOfRange`; a range past the type's
    /// maximum fails with `RxError.overflow`.
    ///
    /// ```
    /// range(start: 1, count: 3):  (1 2 3|)
    /// ```
    ///
    /// - Parameters:
    ///   - start: The first integer.
    ///   - count: How many integers.
    ///   - scheduler: The scheduler that sends the elements: by default `CurrentThreadScheduler`, during the
    ///     subscription, interleaved element by element with other sources waiting on the thread's trampoline;
    ///     on any other scheduler, one element per scheduled action.
    @inlinable
    public static func range(
        start: Element, count: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        if count < 0 {
            return error(RxError.argumentOutOfRange("range(start:count: \(count)): count must be ≥ 0, got \(count)"))
        }
        if count > 0 && start.addingReportingOverflow(count - 1).overflow { return error(RxError.overflow) }
        return ProducedSequence(scheduler: scheduler) { emit in
            let index = GeneratorState<Element>(0)
            return { pace in
                try pace.steps {
                    guard index.value < count else { return false }
                    try emit(start + index.value)
                    index.value += 1
                    return true
                }
            }
        }
    }
}
