extension ObservableType {
    /// A sequence of the given elements, then completion.
    ///
    /// ```
    /// of(1, 2, 3):  (1 2 3|)
    /// ```
    ///
    /// - Parameters:
    ///   - elements: The elements, in order.
    ///   - scheduler: The scheduler that sends the elements: by default `CurrentThreadScheduler`, during the
    ///     subscription, interleaved element by element with other sources waiting on the thread's trampoline;
    ///     on any other scheduler, one element per scheduled action.
    @inlinable
    public static func of(
        _ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        from(elements, scheduler: scheduler)
    }

    /// A sequence of the array's elements, then completion.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - scheduler: The scheduler that sends the elements: by default `CurrentThreadScheduler`, during the
    ///     subscription, interleaved element by element with other sources waiting on the thread's trampoline;
    ///     on any other scheduler, one element per scheduled action.
    @inlinable
    public static func from(
        _ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        from(sequence: array, scheduler: scheduler)
    }

    /// A sequence of the elements of `sequence`, then completion. The sequence is iterated anew
    /// for each subscriber.
    ///
    /// - Parameters:
    ///   - sequence: The elements, in order.
    ///   - scheduler: The scheduler that sends the elements: by default `CurrentThreadScheduler`, during the
    ///     subscription, interleaved element by element with other sources waiting on the thread's trampoline;
    ///     on any other scheduler, one element per scheduled action.
    @inlinable @_disfavoredOverload
    public static func from<Sequence: Swift.Sequence>(
        _ sequence: Sequence, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> where Sequence.Element == Element {
        from(sequence: sequence, scheduler: scheduler)
    }

    /// A sequence of the optional's element if it has one, then completion.
    ///
    /// - Parameter optional: The element, if any.
    public static func from(optional: Element?) -> Observable<Element> {
        guard let element = optional else { return empty() }
        return just(element)
    }

    /// A sequence of the optional's element (emitted on `scheduler`) if it has one, then completion.
    ///
    /// - Parameters:
    ///   - optional: The element, if any.
    ///   - scheduler: The scheduler on which the element (when there is one), then completion, are sent.
    public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        from(sequence: optional.map { [$0] } ?? [], scheduler: scheduler)
    }

    @inlinable
    static func from<Sequence: Swift.Sequence>(
        sequence: Sequence, scheduler: ImmediateSchedulerType
    ) -> Observable<Element> where Sequence.Element == Element {
        ProducedSequence(scheduler: scheduler) { emit in
            let iterator = GeneratorState(sequence.makeIterator())
            return { pace in
                try pace.steps {
                    guard let element = iterator.value.next() else { return false }
                    try emit(element)
                    return true
                }
            }
        }
    }
}
