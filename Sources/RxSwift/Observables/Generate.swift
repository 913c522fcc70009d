extension ObservableType {
    /// Emits `initialState`, then `iterate` applied repeatedly, while `condition` holds.
    /// An error thrown by either closure becomes the sequence's error.
    ///
    /// ```
    /// generate(initialState: 0, condition: { $0 < 3 }, iterate: { $0 + 1 }):  012|
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The first state.
    ///   - condition: Whether to emit a state; a thrown error fails the sequence.
    ///   - scheduler: The scheduler that runs the operator's timers and deliveries.
    ///   - iterate: Makes the next state; a thrown error fails the sequence.
    @inlinable
    public static func generate(
        initialState: Element, condition: @escaping (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        ProducedSequence(scheduler: scheduler) {
            let state = GeneratorState<Element?>(nil)
            return { emit in
                let next = try state.value.map(iterate) ?? initialState
                state.value = next
                guard try condition(next) else { return false }
                emit(next)
                return true
            }
        }
    }
}
