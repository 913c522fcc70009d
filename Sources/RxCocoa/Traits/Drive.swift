import RxSwift

// `drive`: the way to consume a `Driver`. Every form must be called on the main thread, and the
// closures it takes run on the main thread (see ARCHITECTURE.md, "Main thread and actors").

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Sends every element to each of `observers`.
    ///
    /// - Parameter observers: The observers that receive the elements.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
    where Observer.Element == Element {
        consume(observers, by: "drive(_:)")
    }

    /// Sends every element, wrapped in an Optional, to each of `observers`.
    ///
    /// - Parameter observers: The observers that receive the elements.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        consumeOptional(observers, by: "drive(_:)")
    }

    /// Makes every element the value of each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func drive(_ relays: BehaviorRelay<Element>...) -> Disposable {
        consume(relays, by: "drive(_:)") { $0.accept($1) }
    }

    /// Makes every element, wrapped in an Optional, the value of each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func drive(_ relays: BehaviorRelay<Element?>...) -> Disposable {
        consume(relays, by: "drive(_:)") { $0.accept($1) }
    }

    /// Records every element in each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func drive(_ relays: ReplayRelay<Element>...) -> Disposable {
        consume(relays, by: "drive(_:)") { $0.accept($1) }
    }

    /// Records every element, wrapped in an Optional, in each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func drive(_ relays: ReplayRelay<Element?>...) -> Disposable {
        consume(relays, by: "drive(_:)") { $0.accept($1) }
    }

    /// Calls `transformation` with the sequence and returns what it returns.
    ///
    /// - Parameter transformation: Makes the binding from the sequence.
    public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
        ensureMainThread("drive(_:)")
        return transformation(asObservable())
    }

    /// Calls `with` with the sequence, then the function it returns with `curriedArgument` (for
    /// binders such as `tableView.rx.items(cellIdentifier:)`).
    ///
    /// - Parameters:
    ///   - with: Makes the binding from the sequence: a function that takes `curriedArgument`.
    ///   - curriedArgument: The argument given to the curried binder along with the sequence.
    public func drive<R1, R2>(_ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        ensureMainThread("drive(_:curriedArgument:)")
        return with(asObservable())(curriedArgument)
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
    public func drive(
        onNext: (@isolated(any) (Element) -> Void)? = nil,
        onCompleted: (@isolated(any) () -> Void)? = nil,
        onDisposed: (@isolated(any) () -> Void)? = nil
    ) -> Disposable {
        consume(
            onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed,
            by: "drive(onNext:onCompleted:onDisposed:)")
    }

    /// Like `drive(onNext:onCompleted:onDisposed:)`, passing `object` (held weakly) to the
    /// closures; once `object` is gone they are no longer called.
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures, held weakly: once it is gone, the closures are no longer called.
    ///   - onNext: Called with each element.
    ///   - onCompleted: Called when the sequence completes.
    ///   - onDisposed: Called when the subscription ends, however it ends.
    public func drive<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        let target = WeakTarget(object)
        return drive(
            onNext: target.bind(onNext),
            onCompleted: target.bind(onCompleted),
            onDisposed: target.bind(onDisposed))
    }

    /// Subscribes without observing the elements (for their side effects).
    public func drive() -> Disposable {
        ensureMainThread("drive()")
        return asObservable().subscribe()
    }
}
