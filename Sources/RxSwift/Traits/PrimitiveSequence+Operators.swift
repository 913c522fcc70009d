// The operators every trait shares (Single, Maybe, Completable): each applies the Observable
// operator of the same name, which keeps the trait's rules (at most one element, then the end).

extension PrimitiveSequenceType {
    func lift(_ transform: (Observable<Element>) -> Observable<Element>) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: transform(primitiveSequence.source))
    }

    /// Creates a resource for the subscription's lifetime and builds the sequence from it; the
    /// resource is disposed when the subscription ends.
    ///
    /// - Parameters:
    ///   - resourceFactory: Makes the resource of each subscription; disposed of when the subscription ends.
    ///   - primitiveSequenceFactory: Makes the trait for each subscription.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping @isolated(any) () throws -> Resource,
        primitiveSequenceFactory: @escaping @isolated(any) (Resource) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        let (primitiveSequenceFactory, actor) = Isolation.split(primitiveSequenceFactory)
        return PrimitiveSequence(
            raw: Observable.using(
                resourceFactory, observableFactory: { try primitiveSequenceFactory($0).asObservable() }
            ).subscribed(on: actor))
    }

    /// Subscribes to the source only after `dueTime`.
    ///
    /// - Parameters:
    ///   - dueTime: How long to wait before subscribing.
    ///   - scheduler: The scheduler whose clock times `dueTime` and on which the source is subscribed to when it has
    ///     passed.
    public func delaySubscription(
        _ dueTime: RxTimeInterval, scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        lift { $0.delaySubscription(dueTime, scheduler: scheduler) }
    }

    /// Continues with `other` if `dueTime` passes first.
    ///
    /// - Parameters:
    ///   - dueTime: The longest wait for the next element.
    ///   - other: The sequence to switch to when the time runs out.
    ///   - scheduler: The scheduler whose clock times the wait for the element or completion, and on which `other` is
    ///     subscribed to when it runs out.
    public func timeout(
        _ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>, scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        lift { $0.timeout(dueTime, other: other.asObservable(), scheduler: scheduler) }
    }

    /// Resubscribes after every error, forever.
    public func retry() -> PrimitiveSequence<Trait, Element> {
        lift { $0.retry() }
    }

    /// Resubscribes each time the sequence `notificationHandler` builds from the errors emits.
    ///
    /// - Parameters:
    ///   - notificationHandler: Receives the errors as a sequence; each element it emits resubscribes, its
    ///     completion completes, its error fails.
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping @isolated(any) (Observable<Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        return lift { $0.retry(when: notificationHandler) }
    }

    /// Resubscribes each time the sequence `notificationHandler` builds from the errors emits.
    ///
    /// - Parameters:
    ///   - notificationHandler: Receives the errors as a sequence; each element it emits resubscribes, its
    ///     completion completes, its error fails.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping @isolated(any) (Observable<Swift.Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        return lift { $0.retry(when: notificationHandler) }
    }

    /// Resubscribes when the trigger emits.
    ///
    /// - Parameters:
    ///   - notificationHandler: Receives the errors as a sequence; each element it emits resubscribes, its
    ///     completion completes, its error fails.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping @isolated(any) (Observable<Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        return retry(when: notificationHandler)
    }

    /// Resubscribes when the trigger emits.
    ///
    /// - Parameters:
    ///   - notificationHandler: Receives the errors as a sequence; each element it emits resubscribes, its
    ///     completion completes, its error fails.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping @isolated(any) (Observable<Swift.Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        return retry(when: notificationHandler)
    }

    /// Continues with `handler`'s sequence on error.
    ///
    /// - Parameters:
    ///   - handler: Makes the sequence to continue with from the error; a thrown error fails the result.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(
        _ handler: @escaping @isolated(any) (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        return self.catch(handler)
    }

    /// The sequence as a `Completable`: its end, without the element.
    public func asCompletable() -> Completable {
        primitiveSequence.source.ignoreElements().asCompletable()
    }
}

extension PrimitiveSequenceType where Element: RxAbstractInteger {
    /// Emits 0 after `dueTime`, then completes.
    ///
    /// - Parameters:
    ///   - dueTime: How long until the first element.
    ///   - scheduler: The scheduler whose clock times `dueTime` (and each period) and on which each value is delivered.
    public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}
