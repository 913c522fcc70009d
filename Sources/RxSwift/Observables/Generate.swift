extension ObservableType {
    /// Emits `initialState`, then `iterate` applied repeatedly, while `condition` holds.
    /// An error thrown by either closure becomes the sequence's error.
    ///
    /// ```
    /// generate(initialState: 0, condition: { $0 < 3 }, iterate: { $0 + 1 }):  (0 1 2|)
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The first state.
    ///   - condition: Whether to emit a state; a thrown error fails the sequence.
    ///   - scheduler: The scheduler that sends the elements: by default `CurrentThreadScheduler`, during the
    ///     subscription, interleaved element by element with other sources waiting on the thread's trampoline;
    ///     on any other scheduler, one element per scheduled action.
    ///   - iterate: Makes the next state; a thrown error fails the sequence.
    ///   - isolation: The caller's isolation (the default). Closures passed from actor-isolated code run only
    ///     on that actor: called anywhere else, they stop the program with a message.
    @inlinable
    public static func generate(
        initialState: Element, condition: @escaping (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping (Element) throws -> Element,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        let condition = confined(condition, to: isolation, in: "generate")
        let iterate = confined(iterate, to: isolation, in: "generate")
        return ProducedSequence(scheduler: scheduler) { emit in
            let state = GeneratorState<Element?>(nil)
            return { pace in
                try pace.steps {
                    let next = try state.value.map(iterate) ?? initialState
                    state.value = next
                    guard try condition(next) else { return false }
                    try emit(next)
                    return true
                }
            }
        }
    }
}
