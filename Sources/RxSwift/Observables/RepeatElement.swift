extension ObservableType {
    /// `element`, repeated forever (combine with `take` to stop).
    ///
    /// - Parameters:
    ///   - element: The element repeated.
    ///   - scheduler: The scheduler that runs the operator's timers and deliveries.
    @inlinable
    public static func repeatElement(
        _ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        ProducedSequence(scheduler: scheduler) { emit in
            {
                try emit(element)
                return true
            }
        }
    }
}
