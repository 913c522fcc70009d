/// The closures of one `do` operator.
final class DoHandlers<Element> {
    let onNext: ((Element) throws -> Void)?
    let afterNext: ((Element) throws -> Void)?
    let onError: ((Swift.Error) throws -> Void)?
    let afterError: ((Swift.Error) throws -> Void)?
    let onCompleted: (() throws -> Void)?
    let afterCompleted: (() throws -> Void)?
    let onDispose: (() -> Void)?

    init(
        onNext: ((Element) throws -> Void)?, afterNext: ((Element) throws -> Void)?,
        onError: ((Swift.Error) throws -> Void)?, afterError: ((Swift.Error) throws -> Void)?,
        onCompleted: (() throws -> Void)?, afterCompleted: (() throws -> Void)?, onDispose: (() -> Void)?
    ) {
        self.onNext = onNext
        self.afterNext = afterNext
        self.onError = onError
        self.afterError = afterError
        self.onCompleted = onCompleted
        self.afterCompleted = afterCompleted
        self.onDispose = onDispose
    }
}

final class DoSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `handlers` is immutable.
    private let handlers: DoHandlers<Element>

    init(handlers: DoHandlers<Element>, downstream: Link) {
        self.handlers = handlers
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        guard !isDisposed else { return }
        do {
            try handlers.onNext?(element)
            forwardNext(element)
            try handlers.afterNext?(element)
        } catch {
            forwardError(error)
        }
    }

    // A terminal event: `on…`, the event, `after…`, then the stage's clean-up (its source's
    // disposal and `onDispose`), in RxSwift's order, whether or not the source has finished
    // subscribing. An error thrown by `after…` comes after the terminal event, which nothing
    // can follow: it goes to `Hooks.defaultErrorHandler`, as an unhandled error.

    override func receiveError(_ error: Swift.Error) {
        guard !isDisposed else { return }
        do { try handlers.onError?(error) } catch { return forwardError(error) }
        forwardTerminal(.error(error)) {
            do { try handlers.afterError?(error) } catch { Hooks.reportUnhandled(error) }
        }
    }

    override func receiveCompleted() {
        guard !isDisposed else { return }
        do { try handlers.onCompleted?() } catch { return forwardError(error) }
        forwardTerminal(.completed) {
            do { try handlers.afterCompleted?() } catch { Hooks.reportUnhandled(error) }
        }
    }

    override func disposeResources() {
        handlers.onDispose?()
    }
}

extension ObservableType {
    /// Runs side effects for the sequence's events and lifecycle, passing events through
    /// unchanged. An error thrown by an `on…` closure or by `afterNext` terminates the sequence
    /// with it; one thrown by `afterError` or `afterCompleted`, after the end, goes to
    /// `Hooks.defaultErrorHandler`.
    ///
    /// - Parameters:
    ///   - onNext: Called with each element, before it is delivered.
    ///   - afterNext: Called with each element, after it was delivered.
    ///   - onError: Called with the error, before it is delivered.
    ///   - afterError: Called with the error, after it was delivered; an error it throws goes to
    ///     `Hooks.defaultErrorHandler` (nothing can follow the terminal event).
    ///   - onCompleted: Called before the completion is delivered.
    ///   - afterCompleted: Called after the completion was delivered; an error it throws goes to
    ///     `Hooks.defaultErrorHandler`.
    ///   - onSubscribe: Called before the subscription to the source.
    ///   - onSubscribed: Called after the subscription to the source.
    ///   - onDispose: Called when the subscription is disposed of or ends.
    public func `do`(
        onNext: (@isolated(any) (Element) throws -> Void)? = nil,
        afterNext: (@isolated(any) (Element) throws -> Void)? = nil,
        onError: (@isolated(any) (Swift.Error) throws -> Void)? = nil,
        afterError: (@isolated(any) (Swift.Error) throws -> Void)? = nil,
        onCompleted: (@isolated(any) () throws -> Void)? = nil,
        afterCompleted: (@isolated(any) () throws -> Void)? = nil,
        onSubscribe: (@isolated(any) () -> Void)? = nil,
        onSubscribed: (@isolated(any) () -> Void)? = nil,
        onDispose: (@isolated(any) () -> Void)? = nil
    ) -> Observable<Element> {
        let (onNext, onNextActor) = Isolation.split(onNext)
        let (afterNext, afterNextActor) = Isolation.split(afterNext)
        let (onError, onErrorActor) = Isolation.split(onError)
        let (afterError, afterErrorActor) = Isolation.split(afterError)
        let (onCompleted, onCompletedActor) = Isolation.split(onCompleted)
        let (afterCompleted, afterCompletedActor) = Isolation.split(afterCompleted)
        let (onSubscribe, onSubscribeActor) = Isolation.split(onSubscribe)
        let (onSubscribed, onSubscribedActor) = Isolation.split(onSubscribed)
        let (onDispose, onDisposeActor) = Isolation.split(onDispose)
        // The event closures get the events on their actor; `onSubscribe` and `onSubscribed`
        // run where the subscription is made, on their actor; `onDispose` runs on its actor.
        let source = delivered(
            on: Isolation.first(
                onNextActor, afterNextActor, onErrorActor, afterErrorActor, onCompletedActor, afterCompletedActor))
        let onDisposeOnActor = onDispose.map { Isolation.performing($0, on: onDisposeActor) }
        let handlers = DoHandlers(
            onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError, onCompleted: onCompleted,
            afterCompleted: afterCompleted, onDispose: onDisposeOnActor)
        let observable = OperatorObservable<Element> { downstream in
            onSubscribe?()
            let sink = DoSink(handlers: handlers, downstream: downstream)
            let subscription = source.subscribe(receiver: sink)
            onSubscribed?()
            // Attached after `onSubscribed`: a source that ended while being subscribed makes
            // `attach` dispose it and run `onDispose`, which come last, as in RxSwift.
            sink.attach(subscription)
            return sink
        }
        return observable.subscribed(on: Isolation.first(onSubscribeActor, onSubscribedActor))
    }
}
