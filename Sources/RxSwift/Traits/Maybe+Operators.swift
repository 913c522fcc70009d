// The operators of Maybe beyond the shared ones (PrimitiveSequence+Operators.swift).

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// A `Maybe` of `element`, emitted on `scheduler`.
    ///
    /// - Parameters:
    ///   - element: The only element.
    ///   - scheduler: The scheduler on which the element, then completion, are sent.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Maybe<Element> {
        Maybe(raw: Observable.just(element, scheduler: scheduler))
    }

    /// Subscribes with closures that receive `object` (held weakly) as their first argument.
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures, held weakly: once it is gone, the closures are no longer called.
    ///   - onSuccess: Called with the element.
    ///   - onError: Called with the error that ends the sequence.
    ///   - onCompleted: Called when the sequence completes.
    ///   - onDisposed: Called when the subscription ends, however it ends.
    public func subscribe<Object: AnyObject>(
        with object: Object, onSuccess: (@isolated(any) (Object, Element) -> Void)? = nil,
        onError: (@isolated(any) (Object, Swift.Error) -> Void)? = nil,
        onCompleted: (@isolated(any) (Object) -> Void)? = nil,
        onDisposed: (@isolated(any) (Object) -> Void)? = nil
    ) -> Disposable {
        let (onSuccess, onSuccessActor) = Isolation.split(onSuccess)
        let (onError, onErrorActor) = Isolation.split(onError)
        let (onCompleted, onCompletedActor) = Isolation.split(onCompleted)
        let (onDisposed, onDisposedActor) = Isolation.split(onDisposed)
        let actor = Isolation.first(onSuccessActor, onErrorActor, onCompletedActor, onDisposedActor)
        return PrimitiveSequence(raw: primitiveSequence.source.delivered(on: actor)).subscribe(
            onSuccess: { [weak object] element in if let object { onSuccess?(object, element) } },
            // Without `onError`, the error goes to `Hooks.defaultErrorHandler` (RxSwift issue 2730).
            onError: onError.map { onError in { [weak object] error in if let object { onError(object, error) } } },
            onCompleted: { [weak object] in if let object { onCompleted?(object) } },
            onDisposed: Isolation.performing({ [weak object] in if let object { onDisposed?(object) } }, on: actor))
    }

    /// Runs side effects for the outcome, passing it through.
    ///
    /// - Parameters:
    ///   - onNext: Called with each element, before it is delivered.
    ///   - afterNext: Called with each element, after it was delivered.
    ///   - onError: Called with the error, before it is delivered.
    ///   - afterError: Called with the error, after it was delivered.
    ///   - onCompleted: Called before the completion is delivered.
    ///   - afterCompleted: Called after the completion was delivered.
    ///   - onSubscribe: Called before the subscription to the source.
    ///   - onSubscribed: Called after the subscription to the source.
    ///   - onDispose: Called when the subscription is disposed of or ends.
    public func `do`(
        onNext: (@isolated(any) (Element) throws -> Void)? = nil,
        afterNext: (@isolated(any) (Element) throws -> Void)? = nil,
        onError: (@isolated(any) (Swift.Error) throws -> Void)? = nil,
        afterError: (@isolated(any) (Swift.Error) throws -> Void)? = nil,
        onCompleted: (@isolated(any) () throws -> Void)? = nil,
        afterCompleted: (@isolated(any) () throws -> Void)? = nil,
        onSubscribe: (@isolated(any) () -> Void)? = nil, onSubscribed: (@isolated(any) () -> Void)? = nil,
        onDispose: (@isolated(any) () -> Void)? = nil
    ) -> Maybe<Element> {
        return lift {
            $0.do(
                onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted, onSubscribe: onSubscribe,
                onSubscribed: onSubscribed, onDispose: onDispose)
        }
    }

    /// Keeps the element only if it satisfies `predicate`.
    ///
    /// - Parameters:
    ///   - predicate: Whether to forward an element; a thrown error fails the sequence.
    public func filter(
        _ predicate: @escaping @isolated(any) (Element) throws -> Bool
    ) -> Maybe<Element> {
        return lift { $0.filter(predicate) }
    }

    /// Transforms the element, completing empty when `transform` returns nil.
    ///
    /// - Parameters:
    ///   - transform: Maps each element; a thrown error fails the sequence.
    public func compactMap<Result>(
        _ transform: @escaping @isolated(any) (Element) throws -> Result?
    ) -> Maybe<Result> {
        return Maybe(raw: primitiveSequence.source.compactMap(transform))
    }

    /// Continues with the `Maybe` `selector` returns for the element.
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded; a thrown error fails the
    ///     result.
    public func flatMap<Result>(
        _ selector: @escaping @isolated(any) (Element) throws -> Maybe<Result>
    ) -> Maybe<Result> {
        let (selector, selectorActor) = Isolation.split(selector)
        return Maybe(
            raw: primitiveSequence.source.delivered(on: selectorActor).flatMap { try selector($0).asObservable() })
    }

    /// A selector that returns a sequence other than a `Maybe` (an `Observable`, a `Single`, …),
    /// which RxSwift does not accept: the result is an `Observable`, the same as
    /// `asObservable().flatMap { … }`. Without this overload such a selector would be taken for an
    /// `async` transform and its sequence delivered as the element.
    ///
    /// - Parameters:
    ///   - selector: Maps the element to the sequence whose elements are forwarded; a thrown error
    ///     fails the result.
    @available(
        *, deprecated,
        message:
            "Maybe's flatMap selector returns a Maybe; for another sequence write asObservable().flatMap { … } (the result is an Observable), or make the inner sequence a Maybe (asMaybe())"
    )
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping @isolated(any) (Element) throws -> Source
    ) -> Observable<Source.Element> {
        primitiveSequence.source.flatMap(selector)
    }

    /// Continues with the result of `transform`, an `async` function of the element, run in a
    /// task of its own; disposing the subscription cancels the task, and a cancelled task
    /// delivers nothing.
    ///
    /// - Parameters:
    ///   - transform: The asynchronous work; its result is the element, its thrown error the failure.
    ///   - isolation: The actor the result is delivered on; the caller's by default (from
    ///     nonisolated code, the result arrives on its task's thread).
    public func flatMap<Result>(
        _ transform: @escaping @Sendable (Element) async throws -> Result, isolation: (any Actor)? = #isolation
    ) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.flatMap(transform, isolation: isolation))
    }

    /// A `Single` of the element, or of `default` when empty.
    ///
    /// - Parameter default: The element emitted when the source completes without elements.
    public func ifEmpty(default: Element) -> Single<Element> {
        Single(raw: primitiveSequence.source.ifEmpty(default: `default`))
    }

    /// Continues with `other` when empty.
    ///
    /// - Parameter other: The sequence to switch to when the source completes without elements.
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        lift { $0.ifEmpty(switchTo: other.asObservable()) }
    }

    /// Continues with `other` when empty, as a `Single`.
    ///
    /// - Parameter other: The sequence to switch to when the source completes without elements.
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
        Single(raw: primitiveSequence.source.ifEmpty(switchTo: other.asObservable()))
    }

    /// Emits `element` instead of failing.
    ///
    /// - Parameter element: The element emitted, before completing, in place of an error.
    public func catchAndReturn(_ element: Element) -> Maybe<Element> {
        lift { $0.catchAndReturn(element) }
    }

    /// Emits `element` instead of failing.
    ///
    /// - Parameter element: The element emitted, before completing, in place of an error.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Maybe<Element> {
        catchAndReturn(element)
    }

    /// Emits the elements of all `collection`'s Maybes, in order, when every one has one;
    /// completes empty as soon as one completes empty. An empty collection emits `[]`.
    ///
    /// - Parameter collection: The sources.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Maybe<[Element]>
    where Collection.Element == Maybe<Element> {
        if collection.isEmpty { return .just([]) }
        return Maybe(raw: Observable.zip(collection.map { $0.asObservable() }))
    }

    /// Emits `resultSelector` applied to the elements of all `collection`'s Maybes.
    ///
    /// - Parameters:
    ///   - collection: The sources.
    ///   - resultSelector: Makes each element of the result; a thrown error fails the result.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection, resultSelector: @escaping @isolated(any) ([Element]) throws -> Result
    ) -> Maybe<Result> where Collection.Element == Maybe<Element> {
        let (resultSelector, resultSelectorActor) = Isolation.split(resultSelector)
        if collection.isEmpty {
            return Maybe<Result>(
                raw: Observable.deferred { .just(try resultSelector([])) }.subscribed(on: resultSelectorActor))
        }
        return Maybe(raw: Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }
}
