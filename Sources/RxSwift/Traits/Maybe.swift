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
    /// - Parameter subscribe: Called for each subscriber: sends the events to the observer and returns the disposable
    ///   that stops the work.
    public static func create(subscribe: @escaping (@escaping MaybeObserver) -> Disposable) -> Maybe<Element> {
        Maybe(
            raw: Observable.create { observer in
                subscribe { event in
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
            })
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
    /// - Parameter observer: The observer that receives the events.
    public func subscribe(_ observer: @escaping (MaybeEvent<Element>) -> Void) -> Disposable {
        var emitted = false
        return primitiveSequence.source.subscribe(
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
        onSuccess: ((Element) -> Void)? = nil, onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        var emitted = false
        return primitiveSequence.source.subscribe(
            onNext: {
                emitted = true; onSuccess?($0)
            },
            onError: onError,
            onCompleted: { if !emitted { onCompleted?() } },
            onDisposed: onDisposed)
    }

    /// Transforms the element.
    ///
    /// - Parameter transform: Maps each element; a thrown error fails the sequence.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.map(transform))
    }
}
