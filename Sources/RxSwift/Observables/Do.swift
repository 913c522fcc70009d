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
    // subscribing. An error thrown by `after…` comes after the terminal event and is dropped.

    override func receiveError(_ error: Swift.Error) {
        guard !isDisposed else { return }
        do { try handlers.onError?(error) } catch { return forwardError(error) }
        forwardTerminal(.error(error)) { try? handlers.afterError?(error) }
    }

    override func receiveCompleted() {
        guard !isDisposed else { return }
        do { try handlers.onCompleted?() } catch { return forwardError(error) }
        forwardTerminal(.completed) { try? handlers.afterCompleted?() }
    }

    override func disposeResources() {
        handlers.onDispose?()
    }
}

extension ObservableType {
    /// Runs side effects for the sequence's events and lifecycle, passing events through
    /// unchanged. An error thrown by an `on…`/`after…` closure terminates the sequence with it.
    ///
    /// - Parameters:
    ///   - onNext: Called with each element, before it is delivered.
    ///   - afterNext: Called with each element, after it was delivered.
    ///   - onError: Called with the error, before it is delivered.
    ///   - afterError: Called with the error, after it was delivered.
    ///   - onCompleted: Called before the completion is delivered.
    ///   - afterCompleted: Called after the completion was delivered.
    ///   - onSubscribe: Called before the subscription to the source.
    ///   - onSubscribed: Called after the subscription to the source.
    ///   - onDispose: Called when the subscription is disposed of or ends.
    ///   - isolation: The caller's isolation (the default). Closures passed from actor-isolated code run only
    ///     on that actor: called anywhere else, they stop the program with a message.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        let onNext = confined(onNext, to: isolation, in: "do")
        let afterNext = confined(afterNext, to: isolation, in: "do")
        let onError = confined(onError, to: isolation, in: "do")
        let afterError = confined(afterError, to: isolation, in: "do")
        let onCompleted = confined(onCompleted, to: isolation, in: "do")
        let afterCompleted = confined(afterCompleted, to: isolation, in: "do")
        let onSubscribe = confined(onSubscribe, to: isolation, in: "do")
        let onSubscribed = confined(onSubscribed, to: isolation, in: "do")
        let onDispose = confined(onDispose, to: isolation, in: "do")
        let source = asObservable()
        let handlers = DoHandlers(
            onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError, onCompleted: onCompleted,
            afterCompleted: afterCompleted, onDispose: onDispose)
        return OperatorObservable { downstream in
            onSubscribe?()
            let sink = DoSink(handlers: handlers, downstream: downstream)
            let subscription = source.subscribe(receiver: sink)
            onSubscribed?()
            // Attached after `onSubscribed`: a source that ended while being subscribed makes
            // `attach` dispose it and run `onDispose`, which come last, as in RxSwift.
            sink.attach(subscription)
            return sink
        }
    }
}
