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
    @inlinable
    public static func generate(
        initialState: Element, condition: @escaping @isolated(any) (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping @isolated(any) (Element) throws -> Element
    ) -> Observable<Element> {
        let (condition, conditionActor) = Isolation.split(condition)
        let (iterate, iterateActor) = Isolation.split(iterate)
        // Closures of an actor run in actions that hop onto it; on the main actor, a sequence
        // emitting on the subscribing thread runs on main instead (nothing added per element).
        let actor = Isolation.first(conditionActor, iterateActor)
        let runsOnMain = actor.map(Isolation.isMain) == true && scheduler is CurrentThreadScheduler
        let scheduler = runsOnMain ? scheduler : Isolation.scheduler(scheduler, then: actor)
        return ProducedSequence(scheduler: scheduler, runsOnMain: runsOnMain) { emit in
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
