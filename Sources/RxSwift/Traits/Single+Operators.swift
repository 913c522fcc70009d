// The operators of Single beyond the shared ones (PrimitiveSequence+Operators.swift).

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Runs side effects for the outcome, passing it through.
    ///
    /// - Parameters:
    ///   - onSuccess: Called with the element, before it is delivered.
    ///   - afterSuccess: Called with the element, after it was delivered.
    ///   - onError: Called with the error, before it is delivered.
    ///   - afterError: Called with the error, after it was delivered.
    ///   - onSubscribe: Called before the subscription to the source.
    ///   - onSubscribed: Called after the subscription to the source.
    ///   - onDispose: Called when the subscription is disposed of or ends.
    public func `do`(
        onSuccess: (@isolated(any) (Element) throws -> Void)? = nil,
        afterSuccess: (@isolated(any) (Element) throws -> Void)? = nil,
        onError: (@isolated(any) (Swift.Error) throws -> Void)? = nil,
        afterError: (@isolated(any) (Swift.Error) throws -> Void)? = nil,
        onSubscribe: (@isolated(any) () -> Void)? = nil, onSubscribed: (@isolated(any) () -> Void)? = nil,
        onDispose: (@isolated(any) () -> Void)? = nil
    ) -> Single<Element> {
        return lift {
            $0.do(
                onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose)
        }
    }

    /// A `Maybe` of the element if it satisfies `predicate`, empty otherwise.
    ///
    /// - Parameters:
    ///   - predicate: Whether to forward an element; a thrown error fails the sequence.
    public func filter(
        _ predicate: @escaping @isolated(any) (Element) throws -> Bool
    ) -> Maybe<Element> {
        return Maybe(raw: primitiveSequence.source.filter(predicate))
    }

    /// A `Maybe` of the transformed element, empty when `transform` returns nil.
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
    public func flatMapMaybe<Result>(
        _ selector: @escaping @isolated(any) (Element) throws -> Maybe<Result>
    ) -> Maybe<Result> {
        let (selector, selectorActor) = Isolation.split(selector)
        return Maybe(
            raw: primitiveSequence.source.delivered(on: selectorActor).flatMap { try selector($0).asObservable() })
    }

    /// Continues with the `Completable` `selector` returns for the element.
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded; a thrown error fails the
    ///     result.
    public func flatMapCompletable(
        _ selector: @escaping @isolated(any) (Element) throws -> Completable
    ) -> Completable {
        let (selector, selectorActor) = Isolation.split(selector)
        return Completable(
            raw: primitiveSequence.source.delivered(on: selectorActor).flatMap { try selector($0).asObservable() })
    }

    /// The `Single` as a `Maybe`.
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source)
    }

    /// Emits `element` instead of failing.
    ///
    /// - Parameter element: The element emitted, before completing, in place of an error.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Single<Element> {
        catchAndReturn(element)
    }

    /// Succeeds with the elements of all `collection`'s Singles, in order, once all succeed; fails
    /// with the first error. An empty collection succeeds with `[]`.
    ///
    /// - Parameter collection: The sources.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Single<[Element]>
    where Collection.Element == Single<Element> {
        if collection.isEmpty { return .just([]) }
        return Single(raw: Observable.zip(collection.map { $0.asObservable() }))
    }

    /// Succeeds with `resultSelector` applied to the elements of all `collection`'s Singles.
    ///
    /// - Parameters:
    ///   - collection: The sources.
    ///   - resultSelector: Makes each element of the result; a thrown error fails the result.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection, resultSelector: @escaping @isolated(any) ([Element]) throws -> Result
    ) -> Single<Result> where Collection.Element == Single<Element> {
        let (resultSelector, resultSelectorActor) = Isolation.split(resultSelector)
        if collection.isEmpty {
            return Single<Result>(
                raw: Observable.deferred { .just(try resultSelector([])) }.subscribed(on: resultSelectorActor))
        }
        return Single(raw: Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }
}
