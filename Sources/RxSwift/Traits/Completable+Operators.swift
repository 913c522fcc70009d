// The operators of Completable beyond the shared ones (PrimitiveSequence+Operators.swift).

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Subscribes with closures that receive `object` (held weakly) as their first argument.
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures, held weakly: once it is gone, the closures are no longer called.
    ///   - onCompleted: Called when the sequence completes.
    ///   - onError: Called with the error that ends the sequence.
    ///   - onDisposed: Called when the subscription ends, however it ends.
    public func subscribe<Object: AnyObject>(
        with object: Object, onCompleted: (@isolated(any) (Object) -> Void)? = nil,
        onError: (@isolated(any) (Object, Swift.Error) -> Void)? = nil,
        onDisposed: (@isolated(any) (Object) -> Void)? = nil
    ) -> Disposable {
        let (onCompleted, onCompletedActor) = Isolation.split(onCompleted)
        let (onError, onErrorActor) = Isolation.split(onError)
        let (onDisposed, onDisposedActor) = Isolation.split(onDisposed)
        let actor = Isolation.first(onCompletedActor, onErrorActor, onDisposedActor)
        return PrimitiveSequence(raw: primitiveSequence.source.delivered(on: actor)).subscribe(
            onCompleted: { [weak object] in if let object { onCompleted?(object) } },
            // Without `onError`, the error goes to `Hooks.defaultErrorHandler` (RxSwift issue 2730).
            onError: onError.map { onError in { [weak object] error in if let object { onError(object, error) } } },
            onDisposed: Isolation.performing({ [weak object] in if let object { onDisposed?(object) } }, on: actor))
    }

    /// Runs side effects for the outcome, passing it through.
    ///
    /// - Parameters:
    ///   - onError: Called with the error, before it is delivered.
    ///   - afterError: Called with the error, after it was delivered.
    ///   - onCompleted: Called before the completion is delivered.
    ///   - afterCompleted: Called after the completion was delivered.
    ///   - onSubscribe: Called before the subscription to the source.
    ///   - onSubscribed: Called after the subscription to the source.
    ///   - onDispose: Called when the subscription is disposed of or ends.
    public func `do`(
        onError: (@isolated(any) (Swift.Error) throws -> Void)? = nil,
        afterError: (@isolated(any) (Swift.Error) throws -> Void)? = nil,
        onCompleted: (@isolated(any) () throws -> Void)? = nil,
        afterCompleted: (@isolated(any) () throws -> Void)? = nil,
        onSubscribe: (@isolated(any) () -> Void)? = nil, onSubscribed: (@isolated(any) () -> Void)? = nil,
        onDispose: (@isolated(any) () -> Void)? = nil
    ) -> Completable {
        return lift {
            $0.do(
                onError: onError, afterError: afterError, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose)
        }
    }

    /// Completes, then continues with `second`.
    ///
    /// - Parameter second: The sequence subscribed to after this one completes.
    public func andThen<Element>(_ second: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.andThen(second.asObservable()))
    }

    /// Runs this Completable, then `second`; completes when `second` completes.
    ///
    /// ```
    /// self:    --|
    /// second:    --|
    /// concat:  ----|
    /// ```
    ///
    /// - Parameter second: The sequence subscribed to after this one completes.
    public func concat(_ second: Completable) -> Completable {
        Completable.concat(primitiveSequence, second)
    }

    /// Runs `sources` one after another; completes when the last completes.
    ///
    /// - Parameter sources: The sources, subscribed to one after another.
    public static func concat(_ sources: Completable...) -> Completable {
        concat(sources)
    }

    /// Runs `sequence`'s Completables one after another.
    ///
    /// - Parameter sequence: The sequences, subscribed to one after another.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable
    where Sequence.Element == Completable {
        Completable(raw: Observable.concat(sequence.map { $0.asObservable() }))
    }

    /// Runs `sources` at once; completes when all complete, fails with the first error.
    ///
    /// - Parameter sources: The sources.
    public static func merge(_ sources: Completable...) -> Completable {
        merge(sources)
    }

    /// Runs the Completables of `sources` at once.
    ///
    /// - Parameter sources: The sources.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Completable
    where Collection.Element == Completable {
        Completable(raw: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Runs `sources` at once; completes when all complete (same as `merge`).
    ///
    /// - Parameter sources: The sources.
    public static func zip(_ sources: Completable...) -> Completable {
        merge(sources)
    }

    /// Runs the Completables of `sources` at once; completes when all complete.
    ///
    /// - Parameter sources: The sources.
    public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable
    where Collection.Element == Completable {
        merge(sources)
    }
}
