extension ObservableType {
    /// Sends every event to each of `observers`.
    ///
    /// Binding targets that cannot fail (`Binder`, `ControlProperty`) report an error through
    /// `Hooks.bindingErrorHandler`; other observers receive it.
    ///
    /// - Parameter observers: The observers that receive the elements.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element {
        bind(observers)
    }

    /// Sends every event, with elements wrapped in an Optional, to each of `observers`.
    ///
    /// - Parameter observers: The observers that receive the elements.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        map { $0 as Element? }.bind(observers)
    }

    /// Sends every event to each of `observers` (the body of every `bind(to:)` into observers).
    func bind<Observer: ObserverType>(_ observers: [Observer]) -> Disposable where Observer.Element == Element {
        if observers.count == 1 { return subscribe(observers[0]) }
        return subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Calls `binder` with this sequence and returns what it returns (for binding functions that
    /// take the whole sequence).
    ///
    /// - Parameter binder: Makes the binding from the sequence.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Calls `binder` with this sequence, then the function it returns with `curriedArgument`
    /// (for binders such as `tableView.rx.items(cellIdentifier:)` that take a configuration).
    ///
    /// - Parameters:
    ///   - binder: Makes the binding from the sequence.
    ///   - curriedArgument: The argument given to the curried binder along with the sequence.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Calls `onNext` for every element. An error goes to `Hooks.bindingErrorHandler` (debug
    /// builds stop with a message, release builds log it).
    ///
    /// - Parameters:
    ///   - onNext: Called with each element.
    public func bind(onNext: @escaping @isolated(any) (Element) -> Void) -> Disposable {
        subscribe(onNext: onNext, onError: { Hooks.bindingErrorHandler($0, "bind(onNext:)") })
    }

    /// Calls `onNext` with `object` (held weakly) and every element; stops calling once `object`
    /// is gone. An error goes to `Hooks.bindingErrorHandler`.
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures, held weakly: once it is gone, the closures are no longer called.
    ///   - onNext: Called with each element.
    public func bind<Object: AnyObject>(
        with object: Object, onNext: @escaping @isolated(any) (Object, Element) -> Void
    ) -> Disposable {
        let (onNext, actor) = Isolation.split(onNext)
        return delivered(on: actor).bind { [weak object] element in
            guard let object else { return }
            onNext(object, element)
        }
    }
}
