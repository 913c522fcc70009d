/// The trait of sequences with at most one element.
public enum MaybeTrait {}

/// A sequence that emits one element (success), completes empty, or fails.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// The event of a `Maybe`.
public enum MaybeEvent<Element> {
    /// One element.
    case success(Element)
    /// An error.
    case error(Swift.Error)
    /// Completion without an element.
    case completed
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The closure a `Maybe.create` body calls with its event; `@Sendable` so completion handlers
    /// on other threads can capture it. Calls after the first are ignored.
    public typealias MaybeObserver = @Sendable (MaybeEvent<Element>) -> Void

    /// Creates a `Maybe` from a subscribe function that calls its observer once.
    ///
    /// - Parameters:
    ///   - subscribe: Called for each subscriber: sends the events to the observer and returns the disposable
    ///     that stops the work.
    public static func create(
        subscribe: @escaping @isolated(any) (@escaping MaybeObserver) -> Disposable
    ) -> Maybe<Element> {
        let (subscribe, actor) = Isolation.split(subscribe)
        return Maybe(
            raw: Observable.create { observer in
                // The trait's observer is a `@Sendable` closure for any element (a function type
                // cannot be Sendable on a condition): it delivers on the thread that calls it, the
                // thread the element was made on, as any source sending from a thread of its own.
                nonisolated(unsafe) let observer = observer
                return subscribe { event in
                    switch event {
                    case .success(let element):
                        observer.on(.next(element))
                        observer.on(.completed)
                    case .error(let error):
                        observer.on(.error(error))
                    case .completed:
                        observer.on(.completed)
                    }
                }
            }.subscribed(on: actor))
    }

    /// A `Maybe` of `element`.
    ///
    /// - Parameter element: The only element.
    public static func just(_ element: Element) -> Maybe<Element> {
        Maybe(raw: Observable.just(element))
    }

    /// A `Maybe` that completes without an element.
    public static func empty() -> Maybe<Element> {
        Maybe(raw: Observable.empty())
    }

    /// Subscribes with one closure for the event.
    ///
    /// - Parameters:
    ///   - observer: The observer that receives the events.
    public func subscribe(
        _ observer: @escaping @isolated(any) (MaybeEvent<Element>) -> Void
    ) -> Disposable {
        let (observer, observerActor) = Isolation.split(observer)
        var emitted = false
        return primitiveSequence.source.delivered(on: observerActor).subscribe(
            onNext: {
                emitted = true; observer(.success($0))
            },
            onError: { observer(.error($0)) },
            onCompleted: { if !emitted { observer(.completed) } })
    }

    /// Subscribes with closures for each outcome; `onCompleted` runs only when there was no element.
    ///
    /// - Parameters:
    ///   - onSuccess: Called with the element.
    ///   - onError: Called with the error that ends the sequence.
    ///   - onCompleted: Called when the sequence completes.
    ///   - onDisposed: Called when the subscription ends, however it ends.
    public func subscribe(
        onSuccess: (@isolated(any) (Element) -> Void)? = nil, onError: (@isolated(any) (Swift.Error) -> Void)? = nil,
        onCompleted: (@isolated(any) () -> Void)? = nil, onDisposed: (@isolated(any) () -> Void)? = nil
    ) -> Disposable {
        let (onSuccess, onSuccessActor) = Isolation.split(onSuccess)
        let (onCompleted, onCompletedActor) = Isolation.split(onCompleted)
        let actor = Isolation.first(onSuccessActor, onCompletedActor)
        var emitted = false
        return primitiveSequence.source.delivered(on: actor).subscribe(
            onNext: {
                emitted = true; onSuccess?($0)
            },
            onError: onError,
            onCompleted: { if !emitted { onCompleted?() } },
            onDisposed: onDisposed)
    }

    /// Transforms the element.
    ///
    /// - Parameters:
    ///   - transform: Maps each element; a thrown error fails the sequence.
    public func map<Result>(
        _ transform: @escaping @isolated(any) (Element) throws -> Result
    ) -> Maybe<Result> {
        return Maybe(raw: primitiveSequence.source.map(transform))
    }
}
