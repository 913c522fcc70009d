// The operators every trait shares (Single, Maybe, Completable): each applies the Observable
// operator of the same name, which keeps the trait's rules (at most one element, then the end).

extension PrimitiveSequenceType {
    func lift(_ transform: (Observable<Element>) -> Observable<Element>) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: transform(primitiveSequence.source))
    }

    /// Creates a resource for the subscription's lifetime and builds the sequence from it; the
    /// resource is disposed when the subscription ends.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.using(
                resourceFactory, observableFactory: { try primitiveSequenceFactory($0).asObservable() }))
    }

    /// Subscribes to the source only after `dueTime`.
    public func delaySubscription(
        _ dueTime: RxTimeInterval, scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        lift { $0.delaySubscription(dueTime, scheduler: scheduler) }
    }

    /// Continues with `other` if `dueTime` passes first.
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
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        lift { $0.retry(when: notificationHandler) }
    }

    /// Resubscribes each time the sequence `notificationHandler` builds from the errors emits.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        lift { $0.retry(when: notificationHandler) }
    }

    /// Resubscribes when the trigger emits.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler)
    }

    /// Resubscribes when the trigger emits.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler)
    }

    /// Continues with `handler`'s sequence on error.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        self.catch(handler)
    }

    /// The sequence as a `Completable`: its end, without the element.
    public func asCompletable() -> Completable {
        primitiveSequence.source.ignoreElements().asCompletable()
    }
}

extension PrimitiveSequenceType where Element: RxAbstractInteger {
    /// Emits 0 after `dueTime`, then completes.
    public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}
