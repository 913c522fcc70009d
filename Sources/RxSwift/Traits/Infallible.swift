/// A sequence that never fails: it emits elements and may complete.
///
/// Build one with `Infallible.create`, `just`, `of`, `from`, … or turn any sequence into one with
/// `asInfallible(onErrorJustReturn:)`, `asInfallible(onErrorFallbackTo:)` or
/// `asInfallible(onErrorRecover:)`, which say what happens instead of an error.
public struct Infallible<Element>: InfallibleType {
    let source: Observable<Element>

    /// Wraps a source that never fails (the relays' `asInfallible()` use it).
    package init(_ source: Observable<Element>) {
        self.source = source
    }

    /// The sequence as an `Observable` (which never emits an error).
    public func asObservable() -> Observable<Element> { source }

    /// Returns `self`.
    public func asInfallible() -> Infallible<Element> { self }
}

/// A type that is, or can be seen as, an `Infallible`.
public protocol InfallibleType: ObservableConvertibleType {
    /// The sequence as an `Infallible`.
    func asInfallible() -> Infallible<Element>
}

/// The event an `Infallible.create` body sends: an element, or completion.
public enum InfallibleEvent<Element> {
    /// An element.
    case next(Element)
    /// The end of the sequence.
    case completed
}

extension InfallibleType {
    /// The closure an `Infallible.create` body calls with its events. It is `@Sendable`, so it
    /// can be captured by completion handlers running on other threads.
    public typealias InfallibleObserver = @Sendable (InfallibleEvent<Element>) -> Void

    /// Creates an `Infallible` from a subscribe function that sends elements and completion.
    ///
    /// - Parameters:
    ///   - subscribe: Called for each subscriber: sends the events to the observer and returns the disposable
    ///     that stops the work.
    public static func create(
        subscribe: @escaping @isolated(any) (@escaping InfallibleObserver) -> Disposable
    ) -> Infallible<Element> {
        let (subscribe, actor) = Isolation.split(subscribe)
        return Infallible(
            Observable.create { observer in
                // The trait's observer is a `@Sendable` closure for any element (a function type
                // cannot be Sendable on a condition): it delivers on the thread that calls it, the
                // thread the element was made on, as any source sending from a thread of its own.
                nonisolated(unsafe) let observer = observer
                return subscribe { event in
                    switch event {
                    case .next(let element): observer.on(.next(element))
                    case .completed: observer.on(.completed)
                    }
                }
            }.subscribed(on: actor))
    }

    /// Subscribes with closures for elements and completion; `onDisposed` runs once at the end.
    ///
    /// - Parameters:
    ///   - onNext: Called with each element.
    ///   - onCompleted: Called when the sequence completes.
    ///   - onDisposed: Called when the subscription ends, however it ends.
    public func subscribe(
        onNext: (@isolated(any) (Element) -> Void)? = nil, onCompleted: (@isolated(any) () -> Void)? = nil,
        onDisposed: (@isolated(any) () -> Void)? = nil
    ) -> Disposable {
        return asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes with closures that receive `object` (held weakly) as their first argument.
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures, held weakly: once it is gone, the closures are no longer called.
    ///   - onNext: Called with each element.
    ///   - onCompleted: Called when the sequence completes.
    ///   - onDisposed: Called when the subscription ends, however it ends.
    public func subscribe<Object: AnyObject>(
        with object: Object, onNext: (@isolated(any) (Object, Element) -> Void)? = nil,
        onCompleted: (@isolated(any) (Object) -> Void)? = nil,
        onDisposed: (@isolated(any) (Object) -> Void)? = nil
    ) -> Disposable {
        return asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes with one closure that receives every event (never an error).
    ///
    /// - Parameters:
    ///   - on: Receives every event: the elements, then the completion.
    public func subscribe(_ on: @escaping @isolated(any) (Event<Element>) -> Void) -> Disposable {
        return asObservable().subscribe(on)
    }

    /// Subscribes `observer` (which never receives an error).
    ///
    /// - Parameter observer: The observer that receives the events.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        asObservable().subscribe(observer)
    }

    /// Sends every event to each of `observers`.
    ///
    /// - Parameter observers: The observers that receive the elements.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element {
        asObservable().bind(observers)
    }

    /// Sends every event, with elements wrapped in an Optional, to each of `observers`.
    ///
    /// - Parameter observers: The observers that receive the elements.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        asObservable().map { $0 as Element? }.bind(observers)
    }

    /// Calls `onNext` for every element.
    ///
    /// - Parameters:
    ///   - onNext: Called with each element.
    public func bind(onNext: @escaping @isolated(any) (Element) -> Void) -> Disposable {
        return subscribe(onNext: onNext)
    }

    /// Calls `onNext` with `object` (held weakly) and every element.
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures, held weakly: once it is gone, the closures are no longer called.
    ///   - onNext: Called with each element.
    public func bind<Object: AnyObject>(
        with object: Object, onNext: @escaping @isolated(any) (Object, Element) -> Void
    ) -> Disposable {
        return subscribe(with: object, onNext: onNext)
    }

    /// Calls `binder` with this sequence and returns what it returns.
    ///
    /// - Parameter binder: Makes the binding from the sequence.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Calls `binder` with this sequence, then the function it returns with `curriedArgument`.
    ///
    /// - Parameters:
    ///   - binder: Makes the binding from the sequence.
    ///   - curriedArgument: The argument given to the curried binder along with the sequence.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }
}

extension ObservableConvertibleType {
    /// An `Infallible` that emits `element` and completes instead of failing.
    ///
    /// - Parameter element: The element emitted, before completing, in place of an error.
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(asObservable().catchAndReturn(element))
    }

    /// An `Infallible` that continues with `infallible` instead of failing.
    ///
    /// - Parameter infallible: The sequence to continue with in place of an error.
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { _ in infallible.asObservable() })
    }

    /// An `Infallible` that continues with the sequence `handler` returns for the error.
    ///
    /// - Parameters:
    ///   - handler: Makes the sequence to continue with from the error.
    public func asInfallible(
        onErrorRecover handler: @escaping @isolated(any) (Swift.Error) -> Infallible<Element>
    ) -> Infallible<Element> {
        let (handler, handlerActor) = Isolation.split(handler)
        return Infallible(asObservable().delivered(on: handlerActor).catch { handler($0).asObservable() })
    }
}
