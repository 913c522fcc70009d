import RxSwift

// `emit`: the way to consume a `Signal`. Every form must be called on the main thread, and the
// closures it takes run on the main thread (see ARCHITECTURE.md, "Main thread and actors").

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Sends every element to each of `observers`.
    ///
    /// - Parameter observers: The observers that receive the elements.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element {
        consume(observers, by: "emit(to:)")
    }

    /// Sends every element, wrapped in an Optional, to each of `observers`.
    ///
    /// - Parameter observers: The observers that receive the elements.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        consumeOptional(observers, by: "emit(to:)")
    }

    /// Sends every element to each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func emit(to relays: PublishRelay<Element>...) -> Disposable {
        consume(relays, by: "emit(to:)") { $0.accept($1) }
    }

    /// Sends every element, wrapped in an Optional, to each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func emit(to relays: PublishRelay<Element?>...) -> Disposable {
        consume(relays, by: "emit(to:)") { $0.accept($1) }
    }

    /// Makes every element the value of each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func emit(to relays: BehaviorRelay<Element>...) -> Disposable {
        consume(relays, by: "emit(to:)") { $0.accept($1) }
    }

    /// Makes every element, wrapped in an Optional, the value of each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func emit(to relays: BehaviorRelay<Element?>...) -> Disposable {
        consume(relays, by: "emit(to:)") { $0.accept($1) }
    }

    /// Records every element in each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func emit(to relays: ReplayRelay<Element>...) -> Disposable {
        consume(relays, by: "emit(to:)") { $0.accept($1) }
    }

    /// Records every element, wrapped in an Optional, in each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func emit(to relays: ReplayRelay<Element?>...) -> Disposable {
        consume(relays, by: "emit(to:)") { $0.accept($1) }
    }

    /// Calls the closures, on the main thread, for elements and completion; `onDisposed` runs
    /// once at the end (on the main thread: at once when disposed there, otherwise soon after on
    /// the main queue).
    ///
    /// The closures are plain closures, as in RxSwift: written in `@MainActor` code they are
    /// isolated to the main actor and may touch its state; written in nonisolated code (a view
    /// model, a test) they may capture `self` and local state. That they run on the main thread
    /// is checked at run time: this call stops with a message when made off the main thread.
    ///
    /// - Parameters:
    ///   - onNext: Called with each element.
    ///   - onCompleted: Called when the sequence completes.
    ///   - onDisposed: Called when the subscription ends, however it ends.
    public func emit(
        onNext: (@isolated(any) (Element) -> Void)? = nil,
        onCompleted: (@isolated(any) () -> Void)? = nil,
        onDisposed: (@isolated(any) () -> Void)? = nil
    ) -> Disposable {
        consume(
            onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, by: "emit(onNext:onCompleted:onDisposed:)"
        )
    }

    /// Like `emit(onNext:onCompleted:onDisposed:)`, passing `object` (held weakly) to the
    /// closures; once `object` is gone they are no longer called.
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures, held weakly: once it is gone, the closures are no longer called.
    ///   - onNext: Called with each element.
    ///   - onCompleted: Called when the sequence completes.
    ///   - onDisposed: Called when the subscription ends, however it ends.
    public func emit<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        let target = WeakTarget(object)
        return emit(
            onNext: target.bind(onNext), onCompleted: target.bind(onCompleted), onDisposed: target.bind(onDisposed))
    }

    /// Subscribes without observing the elements (for their side effects).
    public func emit() -> Disposable {
        ensureMainThread("emit()")
        return asObservable().subscribe()
    }
}
