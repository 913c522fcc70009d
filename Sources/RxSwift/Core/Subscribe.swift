/// The terminal stage of `subscribe(onNext:onError:onCompleted:onDisposed:)`: calls the closures
/// and is the disposable the caller keeps.
final class ClosureObserver<Element>: Stage, ObserverType, ElementReceiver, @unchecked Sendable {
    // @unchecked Sendable: the closures are immutable and called serially (Rx grammar); the end
    // of the subscription is the `Stage.state` atomic.
    private let onNext: ((Element) -> Void)?
    private let onError: ((Swift.Error) -> Void)?
    private let onCompleted: (() -> Void)?
    private let onDisposed: (() -> Void)?
    private let tracker = DeliveryTracker()

    init(onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) {
        self.onNext = onNext
        self.onError = onError
        self.onCompleted = onCompleted
        self.onDisposed = onDisposed
        super.init()
    }

    func receiveNext(at element: UnsafeRawPointer) {
        receiveNext(element.assumingMemoryBound(to: Element.self).pointee)
    }

    func receiveNext(_ element: Element) {
        guard !isDisposed else { return }
        tracker.enter("a subscribe(onNext:) observer")
        onNext?(element)
        tracker.leave()
    }

    func receiveError(_ error: Swift.Error) {
        guard let token = finish() else { return }
        if let onError { onError(error) } else { Hooks.reportUnhandled(error) }
        release(token)
    }

    func receiveCompleted() {
        guard let token = finish() else { return }
        onCompleted?()
        release(token)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): receiveNext(element)
        case .error(let error): receiveError(error)
        case .completed: receiveCompleted()
        }
    }

    override func disposeResources() {
        onDisposed?()
    }
}

extension ObservableType {
    /// Subscribes with closures for each kind of event.
    ///
    /// `onDisposed` runs once, after a terminal event or when the subscription is disposed.
    /// An error with no `onError` goes to `Hooks.defaultErrorHandler`.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let observer = ClosureObserver(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        observer.attach(subscribe(observer))
        return observer
    }

    /// Subscribes with closures that receive `object` (held weakly) as their first argument. Once
    /// `object` is deallocated, the closures are no longer called.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onNext: { [weak object] element in
                guard let object else { return }
                onNext?(object, element)
            },
            onError: { [weak object] error in
                guard let object else { return }
                onError?(object, error)
            },
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            })
    }

    /// Subscribes with one closure that receives every event.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        subscribe(onNext: { on(.next($0)) }, onError: { on(.error($0)) }, onCompleted: { on(.completed) })
    }
}
