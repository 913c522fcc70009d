/// The trait of sequences with exactly one element or an error.
public enum SingleTrait {}

/// A sequence that emits exactly one element (success) or an error (failure).
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// The event of a `Single`: its element or its error.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The closure a `Single.create` body calls with its result. It is `@Sendable`, so it can be
    /// captured by completion handlers running on other threads; calls after the first are ignored.
    public typealias SingleObserver = @Sendable (SingleEvent<Element>) -> Void

    /// Creates a `Single` from a subscribe function that calls its observer once.
    ///
    /// - Parameters:
    ///   - subscribe: Called for each subscriber: sends the events to the observer and returns the disposable
    ///     that stops the work.
    public static func create(
        subscribe: @escaping @isolated(any) (@escaping SingleObserver) -> Disposable
    ) -> Single<Element> {
        let (subscribe, actor) = Isolation.split(subscribe)
        return Single(
            raw: Observable.create { observer in
                // The trait's observer is a `@Sendable` closure for any element (a function type
                // cannot be Sendable on a condition): it delivers on the thread that calls it, the
                // thread the element was made on, as any source sending from a thread of its own.
                nonisolated(unsafe) let observer = observer
                return subscribe { result in
                    switch result {
                    case .success(let element):
                        observer.on(.next(element))
                        observer.on(.completed)
                    case .failure(let error):
                        observer.on(.error(error))
                    }
                }
            }.subscribed(on: actor))
    }

    /// A `Single` of `element`.
    ///
    /// - Parameter element: The only element.
    public static func just(_ element: Element) -> Single<Element> {
        Single(raw: Observable.just(element))
    }

    /// A `Single` of `element`, emitted on `scheduler`.
    ///
    /// - Parameters:
    ///   - element: The only element.
    ///   - scheduler: The scheduler on which the element, then completion, are sent.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
        Single(raw: Observable.just(element, scheduler: scheduler))
    }

    /// Subscribes with one closure for the result.
    ///
    /// - Parameters:
    ///   - observer: The observer that receives the events.
    public func subscribe(
        _ observer: @escaping @isolated(any) (SingleEvent<Element>) -> Void
    ) -> Disposable {
        let (observer, observerActor) = Isolation.split(observer)
        return PrimitiveSequence(raw: primitiveSequence.source.delivered(on: observerActor)).subscribe(
            onSuccess: { observer(.success($0)) }, onFailure: { observer(.failure($0)) })
    }

    /// Subscribes with closures for success and failure; `onDisposed` runs once at the end.
    ///
    /// - Parameters:
    ///   - onSuccess: Called with the element.
    ///   - onFailure: Called with the error.
    ///   - onDisposed: Called when the subscription ends, however it ends.
    public func subscribe(
        onSuccess: (@isolated(any) (Element) -> Void)? = nil, onFailure: (@isolated(any) (Swift.Error) -> Void)? = nil,
        onDisposed: (@isolated(any) () -> Void)? = nil
    ) -> Disposable {
        return primitiveSequence.source.subscribe(onNext: onSuccess, onError: onFailure, onDisposed: onDisposed)
    }

    /// Subscribes with closures for success and error.
    ///
    /// - Parameters:
    ///   - onSuccess: Called with the element.
    ///   - onError: Called with the error that ends the sequence.
    ///   - onDisposed: Called when the subscription ends, however it ends.
    @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
    public func subscribe(
        onSuccess: (@isolated(any) (Element) -> Void)? = nil, onError: @escaping @isolated(any) (Swift.Error) -> Void,
        onDisposed: (@isolated(any) () -> Void)? = nil
    ) -> Disposable {
        return subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed)
    }

    /// Subscribes with closures that receive `object` (held weakly).
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures, held weakly: once it is gone, the closures are no longer called.
    ///   - onSuccess: Called with the element.
    ///   - onFailure: Called with the error.
    ///   - onDisposed: Called when the subscription ends, however it ends.
    public func subscribe<Object: AnyObject>(
        with object: Object, onSuccess: (@isolated(any) (Object, Element) -> Void)? = nil,
        onFailure: (@isolated(any) (Object, Swift.Error) -> Void)? = nil,
        onDisposed: (@isolated(any) (Object) -> Void)? = nil
    ) -> Disposable {
        return primitiveSequence.source.subscribe(
            with: object, onNext: onSuccess, onError: onFailure, onDisposed: onDisposed)
    }

    /// Transforms the element.
    ///
    /// - Parameters:
    ///   - transform: Maps each element; a thrown error fails the sequence.
    public func map<Result>(
        _ transform: @escaping @isolated(any) (Element) throws -> Result
    ) -> Single<Result> {
        return Single(raw: primitiveSequence.source.map(transform))
    }

    /// Continues with the `Single` `selector` returns for the element.
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded; a thrown error fails the
    ///     result.
    public func flatMap<Result>(
        _ selector: @escaping @isolated(any) (Element) throws -> Single<Result>
    ) -> Single<Result> {
        let (selector, selectorActor) = Isolation.split(selector)
        return Single(
            raw: primitiveSequence.source.delivered(on: selectorActor).flatMap { try selector($0).asObservable() })
    }

    /// A selector that returns a sequence other than a `Single` (an `Observable`, a `Maybe`, …),
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
            "Single's flatMap selector returns a Single; for a Maybe write flatMapMaybe, for a Completable flatMapCompletable, for another sequence asObservable().flatMap { … } (the result is an Observable)"
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
    /// ```swift
    /// let avatar = userID.flatMap { id in try await api.avatar(of: id) }
    /// ```
    ///
    /// - Parameters:
    ///   - transform: The asynchronous work; its result is the element, its thrown error the failure.
    ///   - isolation: The actor the result is delivered on; the caller's by default (from
    ///     nonisolated code, the result arrives on its task's thread).
    public func flatMap<Result>(
        _ transform: @escaping @Sendable (Element) async throws -> Result, isolation: (any Actor)? = #isolation
    ) -> Single<Result> {
        Single(raw: primitiveSequence.source.flatMap(transform, isolation: isolation))
    }

    /// Emits `element` instead of failing.
    ///
    /// - Parameter element: The element emitted, before completing, in place of an error.
    public func catchAndReturn(_ element: Element) -> Single<Element> {
        Single(raw: primitiveSequence.source.catchAndReturn(element))
    }
}

/// The emission rules of `asSingle` and `asMaybe`: at most one element, checked.
final class AsSingleSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `element` is touched only by serial deliveries.
    private let requiresElement: Bool
    private var element: Element?

    init(requiresElement: Bool, downstream: Link) {
        self.requiresElement = requiresElement
        super.init(downstream: downstream)
    }

    override func receiveNext(_ value: Element) {
        if element != nil { return forwardError(RxError.moreThanOneElement) }
        element = value
    }

    override func receiveCompleted() {
        if let element {
            forwardNext(element)
            forwardCompleted()
        } else if requiresElement {
            forwardError(RxError.noElements)
        } else {
            forwardCompleted()
        }
    }
}

extension ObservableType {
    /// The sequence as a `Single`: its one element. An empty sequence fails with
    /// `RxError.noElements`; a second element fails with `RxError.moreThanOneElement`.
    public func asSingle() -> Single<Element> {
        Single(raw: checkedSingle(requiresElement: true))
    }

    /// The sequence as a `Maybe`: its element, if any. A second element fails with
    /// `RxError.moreThanOneElement`.
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: checkedSingle(requiresElement: false))
    }

    private func checkedSingle(requiresElement: Bool) -> Observable<Element> {
        let source = asObservable()
        return OperatorObservable { downstream in
            AsSingleSink(requiresElement: requiresElement, downstream: downstream).run(source)
        }
    }

    /// Collects every element into an array, emitted as a `Single` when the source completes.
    public func toArray() -> Single<[Element]> {
        Single(raw: reduce(into: [Element]()) { $0.append($1) })
    }
}
