extension ObservableType {
    /// `element`, repeated forever (combine with `take` to stop).
    ///
    /// ```
    /// repeatElement(1):  1111…
    /// ```
    public static func repeatElement(_ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        ProducedSequence(scheduler: scheduler) { { element } }
    }
}
