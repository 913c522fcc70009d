/// The trait of sequences with no elements, only completion or an error.
public enum CompletableTrait {}

/// A sequence that only completes or fails.
public typealias Completable = PrimitiveSequence<CompletableTrait, Swift.Never>

/// The event of a `Completable`.
public enum CompletableEvent {
    /// An error.
    case error(Swift.Error)
    /// Completion.
    case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// The closure a `Completable.create` body calls with its event; `@Sendable` so completion
    /// handlers on other threads can capture it. Calls after the first are ignored.
    public typealias CompletableObserver = @Sendable (CompletableEvent) -> Void

    /// Creates a `Completable` from a subscribe function that calls its observer once.
    ///
    /// - Parameters:
    ///   - subscribe: Called for each subscriber: sends the events to the observer and returns the disposable
    ///     that stops the work.
    public static func create(
        subscribe: @escaping @isolated(any) (@escaping CompletableObserver) -> Disposable
    ) -> Completable {
        let (subscribe, actor) = Isolation.split(subscribe)
        return Completable(
            raw: Observable.create { observer in
                subscribe { event in
                    switch event {
                    case .error(let error): observer.on(.error(error))
                    case .completed: observer.on(.completed)
                    }
                }
            }.subscribed(on: actor))
    }

    /// A `Completable` that completes at once.
    public static func empty() -> Completable {
        Completable(raw: Observable.empty())
    }

    /// Subscribes with one closure for the event.
    ///
    /// - Parameters:
    ///   - observer: The observer that receives the events.
    public func subscribe(
        _ observer: @escaping @isolated(any) (CompletableEvent) -> Void
    ) -> Disposable {
        let (observer, observerActor) = Isolation.split(observer)
        return primitiveSequence.source.delivered(on: observerActor).subscribe(
            onError: { observer(.error($0)) }, onCompleted: { observer(.completed) })
    }

    /// Subscribes with closures for completion and error.
    ///
    /// - Parameters:
    ///   - onCompleted: Called when the sequence completes.
    ///   - onError: Called with the error that ends the sequence.
    ///   - onDisposed: Called when the subscription ends, however it ends.
    public func subscribe(
        onCompleted: (@isolated(any) () -> Void)? = nil, onError: (@isolated(any) (Swift.Error) -> Void)? = nil,
        onDisposed: (@isolated(any) () -> Void)? = nil
    ) -> Disposable {
        return primitiveSequence.source.subscribe(onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Completes, then continues with `second`.
    ///
    /// - Parameter second: The sequence subscribed to after this one completes.
    public func andThen<Element>(_ second: Single<Element>) -> Single<Element> {
        Single(raw: primitiveSequence.source.andThen(second.asObservable()))
    }

    /// Completes, then continues with `second`.
    ///
    /// - Parameter second: The sequence subscribed to after this one completes.
    public func andThen(_ second: Completable) -> Completable {
        Completable(raw: primitiveSequence.source.andThen(second.asObservable()))
    }

    /// Completes, then continues with `second`.
    ///
    /// - Parameter second: The sequence subscribed to after this one completes.
    public func andThen<Element>(_ second: Observable<Element>) -> Observable<Element> {
        primitiveSequence.source.andThen(second)
    }
}

extension ObservableType {
    /// Ignores the elements, keeping completion and error (as in RxSwift 6, an
    /// `Observable<Never>`; `asCompletable()` makes it a `Completable`).
    public func ignoreElements() -> Observable<Swift.Never> {
        compactMap { _ -> Swift.Never? in nil }
    }
}

extension ObservableType where Element == Swift.Never {
    /// The sequence as a `Completable`.
    public func asCompletable() -> Completable {
        Completable(raw: asObservable())
    }
}
