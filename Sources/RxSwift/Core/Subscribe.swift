import Synchronization

/// The terminal stage of `subscribe(onNext:onError:onCompleted:onDisposed:)`: calls the closures.
/// The caller keeps a `SubscriptionHandle` to it.
///
/// This class serves the common `subscribe(onNext:)`; `HandlersObserver` adds the other closures
/// when any is given (each closure takes 16 bytes, and the smaller object fits a smaller
/// allocation).
@usableFromInline
class ClosureObserver<Element>: Stage<Element>, @unchecked Sendable {
    // @unchecked Sendable: the event closures are called serially (Rx grammar) and released only
    // by the call that ends their use, the terminal event (after which, by the grammar, no event
    // arrives), or by `deinit`; `onDisposed` is read and released only by `disposeResources`,
    // which runs once. The end of the subscription is the `Stage.state` atomic.
    //
    // Releasing them at the end breaks the retain cycle of
    // `subscribe(onNext: { self… }).disposed(by: self.bag)` once the sequence terminates;
    // `dispose()` breaks it through the `SubscriptionHandle`.
    private var onNext: ((Element) -> Void)?
    private let tracker = DeliveryTracker()

    @usableFromInline
    init(onNext: ((Element) -> Void)?) {
        self.onNext = onNext
        super.init()
    }

    override final func receiveNext(_ element: Element) {
        guard !isDisposed else { return }
        tracker.enter("a subscribe(onNext:) observer")
        onNext?(element)
        tracker.leave()
    }

    /// The `onNext` closure, for a synchronous source to call directly. Nothing is lost: the
    /// source checks disposal before each element, as `receiveNext(_:)` does, and it sends
    /// nothing after its terminal event, which releases the closure here; the source's
    /// generator, which keeps its own reference, is released when the source ends too.
    override final func directElementHandler() -> ((Element) -> Void)? {
        onNext
    }

    /// Upstream stays attached while the closure runs: a disposal from inside it (or from
    /// another thread meanwhile) disposes upstream at once, before anything else, as in RxSwift
    /// (`retry` over a `create` that forwards a subscription: the failed attempt disconnects its
    /// shared source before the next attempt subscribes).
    override final func receiveError(_ error: Swift.Error) {
        guard let token = beginTerminal() else { return }
        handleError(error)
        releaseEventClosures()
        endTerminalBeforeUpstream(token)
    }

    override final func receiveCompleted() {
        guard let token = beginTerminal() else { return }
        handleCompleted()
        releaseEventClosures()
        endTerminalBeforeUpstream(token)
    }

    /// Runs the error closure: with none given, the error goes to `Hooks.defaultErrorHandler`.
    func handleError(_ error: Swift.Error) {
        Hooks.reportUnhandled(error)
    }

    /// Runs the completion closure.
    func handleCompleted() {}

    /// Releases the event closures after the terminal event.
    func releaseEventClosures() {
        onNext = nil
    }
}

/// A `ClosureObserver` with `onError`, `onCompleted` or `onDisposed`.
@usableFromInline
final class HandlersObserver<Element>: ClosureObserver<Element>, @unchecked Sendable {
    // @unchecked Sendable: as `ClosureObserver`.
    private var onError: ((Swift.Error) -> Void)?
    private var onCompleted: (() -> Void)?
    private var onDisposed: (() -> Void)?

    @usableFromInline
    init(
        onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?
    ) {
        self.onError = onError
        self.onCompleted = onCompleted
        self.onDisposed = onDisposed
        super.init(onNext: onNext)
    }

    override func handleError(_ error: Swift.Error) {
        if let onError { onError(error) } else { super.handleError(error) }
    }

    override func handleCompleted() {
        onCompleted?()
    }

    override func releaseEventClosures() {
        super.releaseEventClosures()
        onError = nil
        onCompleted = nil
    }

    override func disposeResources() {
        // Runs once, after the stage ended (perhaps while its error or completion closure runs
        // on another thread, which releases the event closures itself).
        let onDisposed = self.onDisposed
        self.onDisposed = nil
        onDisposed?()
    }
}

/// What `subscribe(onNext:…)` returns: a handle on the subscription, apart from its observer, as
/// RxSwift's `SinkDisposer` is apart from its sink. `dispose()` disposes the observer and lets go
/// of it, so a closure that captures its own subscription (`d = o.subscribe(onNext: { _ in
/// d?.dispose() })`, `self.subscription = o.subscribe(onNext: { self.x = $0 })`) no longer keeps
/// itself alive: the observer and its closures are freed once upstream lets go too. The closures
/// are not released by `dispose()` itself, so a disposal from another thread never races with a
/// closure that is running (and nothing is added per element; one object per subscription,
/// measured in Benchmarks/README.md).
@usableFromInline
final class SubscriptionHandle: Link, @unchecked Sendable {
    // @unchecked Sendable: `observer` is an atomic, exchanged for `nil` once.
    /// The observer, retained, until `dispose()`.
    private let observer: Atomic<UnsafeMutableRawPointer?>

    @usableFromInline
    init(_ observer: Link) {
        self.observer = Atomic(Unmanaged.passRetained(observer).toOpaque())
    }

    deinit {
        if let observer = observer.load(ordering: .acquiring) {
            Unmanaged<Link>.fromOpaque(observer).release()
        }
    }

    @usableFromInline
    override func dispose() {
        guard let observer = observer.exchange(nil, ordering: .acquiringAndReleasing) else { return }
        Unmanaged<Link>.fromOpaque(observer).takeRetainedValue().dispose()
    }
}

extension ObservableType {
    /// Subscribes with closures for each kind of event.
    ///
    /// `onDisposed` runs once, after a terminal event or when the subscription is disposed.
    /// An error with no `onError` goes to `Hooks.defaultErrorHandler` (with the call stack of
    /// this call when `Hooks.recordCallStackOnError` is on).
    ///
    /// Inlinable, so that a client's build finds the observer's type metadata without a run-time
    /// look-up (a few hundred instructions per subscription otherwise).
    ///
    /// - Parameters:
    ///   - onNext: Called with each element.
    ///   - onError: Called with the error that ends the sequence.
    ///   - onCompleted: Called when the sequence completes.
    ///   - onDisposed: Called when the subscription ends, however it ends.
    @inlinable
    public func subscribe(
        onNext: (@isolated(any) (Element) -> Void)? = nil,
        onError: (@isolated(any) (Swift.Error) -> Void)? = nil,
        onCompleted: (@isolated(any) () -> Void)? = nil,
        onDisposed: (@isolated(any) () -> Void)? = nil
    ) -> Disposable {
        let (onNext, onNextActor) = Isolation.split(onNext)
        let (onCompleted, onCompletedActor) = Isolation.split(onCompleted)
        let (onDisposed, onDisposedActor) = Isolation.split(onDisposed)
        var (onError, onErrorActor) = Isolation.split(onError)
        if let actor = Isolation.first(onNextActor, onErrorActor, onCompletedActor, onDisposedActor) {
            return subscribe(
                on: actor, onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        }
        if onError == nil && Hooks.recordsCallStack.load(ordering: .relaxed) {
            onError = Hooks.unhandledErrorReporterWithCallStack()
        }
        let observer: ClosureObserver<Element>
        // An `Observable` (the usual case, decided at compile time in a specialised caller)
        // takes the observer through the library's non-generic path.
        if let observable = self as? Observable<Element> {
            // `just` and `just(x).map(f)` end during `subscribe`: the closures are called at
            // once, with no observer and nothing to dispose.
            if observable.deliversAtOnce {
                observable.deliverAtOnce(
                    onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
                return Disposables.create()
            }
            observer = Self.observer(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
            observer.attach(observable.subscribe(receiver: observer))
        } else {
            observer = Self.observer(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
            observer.attach(subscribe(observer))
        }
        // Any other sequence that ended during `subscribe` (`of`, a completed subject, …) left
        // nothing to dispose and has released the closures: no handle is needed to break a cycle
        // through them.
        if observer.isFinishedForGood { return Disposables.create() }
        return SubscriptionHandle(observer)
    }

    /// The observer of `subscribe(onNext:…)`: the smaller one when only `onNext` is given.
    @inlinable @inline(__always)
    static func observer(
        onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?
    ) -> ClosureObserver<Element> {
        onError == nil && onCompleted == nil && onDisposed == nil
            ? ClosureObserver(onNext: onNext)
            : HandlersObserver(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// `subscribe(onNext:onError:onCompleted:onDisposed:)` with closures of `actor`: the events
    /// delivered on it, and `onDisposed` run there.
    @usableFromInline
    func subscribe(
        on actor: any Actor, onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?, onDisposed: (() -> Void)?, operator operatorName: StaticString = #function
    ) -> Disposable {
        delivered(on: actor, operator: operatorName).subscribe(
            onNext: onNext, onError: onError, onCompleted: onCompleted,
            onDisposed: onDisposed.map { Isolation.performing($0, on: actor) })
    }

    /// Subscribes with closures that receive `object` (held weakly) as their first argument. Once
    /// `object` is deallocated, the closures are no longer called.
    ///
    /// Without `onError`, an error goes to `Hooks.defaultErrorHandler`, as with
    /// `subscribe(onNext:)` (RxSwift 6 swallows it here: RxSwift issue 2730).
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures, held weakly: once it is gone, the closures are no longer called.
    ///   - onNext: Called with each element.
    ///   - onError: Called with the error that ends the sequence.
    ///   - onCompleted: Called when the sequence completes.
    ///   - onDisposed: Called when the subscription ends, however it ends.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: (@isolated(any) (Object, Element) -> Void)? = nil,
        onError: (@isolated(any) (Object, Swift.Error) -> Void)? = nil,
        onCompleted: (@isolated(any) (Object) -> Void)? = nil,
        onDisposed: (@isolated(any) (Object) -> Void)? = nil
    ) -> Disposable {
        let (onNext, onNextActor) = Isolation.split(onNext)
        let (onError, onErrorActor) = Isolation.split(onError)
        let (onCompleted, onCompletedActor) = Isolation.split(onCompleted)
        let (onDisposed, onDisposedActor) = Isolation.split(onDisposed)
        let actor = Isolation.first(onNextActor, onErrorActor, onCompletedActor, onDisposedActor)
        return delivered(on: actor).subscribe(
            onNext: { [weak object] element in
                guard let object else { return }
                onNext?(object, element)
            },
            onError: onError.map { onError in
                { [weak object] error in
                    guard let object else { return }
                    onError(object, error)
                }
            },
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onDisposed: Isolation.performing(
                { [weak object] in
                    guard let object else { return }
                    onDisposed?(object)
                }, on: actor))
    }

    /// Subscribes with one closure that receives every event.
    ///
    /// - Parameters:
    ///   - on: Receives every event: the elements, then the error or the completion.
    public func subscribe(_ on: @escaping @isolated(any) (Event<Element>) -> Void) -> Disposable {
        let (on, actor) = Isolation.split(on)
        return delivered(on: actor).subscribe(
            onNext: { on(.next($0)) }, onError: { on(.error($0)) }, onCompleted: { on(.completed) })
    }
}
