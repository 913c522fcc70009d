extension ObservableType {
    /// `element`, repeated forever (combine with `take` to stop).
    ///
    /// - Parameters:
    ///   - element: The element repeated.
    ///   - scheduler: The scheduler that sends the elements: by default `CurrentThreadScheduler`, during the
    ///     subscription, interleaved element by element with other sources waiting on the thread's trampoline;
    ///     on any other scheduler, one element per scheduled action.
    @inlinable
    public static func repeatElement(
        _ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        ProducedSequence(scheduler: scheduler) { emit in
            { pace in
                try pace.steps {
                    try emit(element)
                    return true
                }
            }
        }
    }
}
