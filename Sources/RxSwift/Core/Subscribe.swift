/// The terminal stage of `subscribe(onNext:onError:onCompleted:onDisposed:)`: calls the closures
/// and is the disposable the caller keeps.
final class ClosureObserver<Element>: Stage, ObserverType, ElementReceiver, @unchecked Sendable {
    // @unchecked Sendable: the closures are called serially (Rx grammar) and released only by
    // the calls that end their use: the event closures by the terminal event (after which, by the
    // grammar, no event arrives), `onDisposed` by `disposeResources`, which runs once. The end of
    // the subscription is the `Stage.state` atomic.
    //
    // Releasing them at the end breaks the retain cycle of
    // `subscribe(onNext: { self… }).disposed(by: self.bag)` once the sequence terminates.
    private var onNext: ((Element) -> Void)?
    /// The other closures, in a separate object allocated only when one is given: most
    /// subscriptions pass `onNext` alone, and each closure takes 16 bytes.
    private var others: OtherHandlers?
    private let tracker = DeliveryTracker()

    init(onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) {
        self.onNext = onNext
        if onError != nil || onCompleted != nil || onDisposed != nil {
            others = OtherHandlers(onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        }
        super.init()
    }

    override func receiveNext(at element: UnsafeRawPointer) {
        receiveNext(element.assumingMemoryBound(to: Element.self).pointee)
    }

    func receiveNext(_ element: Element) {
        guard !isDisposed else { return }
        tracker.enter("a subscribe(onNext:) observer")
        onNext?(element)
        tracker.leave()
    }

    override func receiveError(_ error: Swift.Error) {
        guard let token = finish() else { return }
        if let onError = others?.onError { onError(error) } else { Hooks.reportUnhandled(error) }
        releaseEventClosures()
        release(token)
    }

    override func receiveCompleted() {
        guard let token = finish() else { return }
        others?.onCompleted?()
        releaseEventClosures()
        release(token)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): receiveNext(element)
        case .error(let error): receiveError(error)
        case .completed: receiveCompleted()
        }
    }

    private func releaseEventClosures() {
        onNext = nil
        others?.onError = nil
        others?.onCompleted = nil
    }

    override func disposeResources() {
        let onDisposed = others?.onDisposed
        others = nil
        onDisposed?()
    }
}

/// The closures of a `ClosureObserver` other than `onNext` (not generic: none mentions the
/// element type). Guarded as the observer's own closures are.
private final class OtherHandlers {
    var onError: ((Swift.Error) -> Void)?
    var onCompleted: (() -> Void)?
    var onDisposed: (() -> Void)?

    init(onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) {
        self.onError = onError
        self.onCompleted = onCompleted
        self.onDisposed = onDisposed
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
