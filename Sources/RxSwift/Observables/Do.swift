final class DoObservable<Element>: Producer<Element> {
    let source: Observable<Element>
    let onNext: ((Element) throws -> Void)?
    let afterNext: ((Element) throws -> Void)?
    let onError: ((Swift.Error) throws -> Void)?
    let afterError: ((Swift.Error) throws -> Void)?
    let onCompleted: (() throws -> Void)?
    let afterCompleted: (() throws -> Void)?
    let onSubscribe: (() -> Void)?
    let onSubscribed: (() -> Void)?
    let onDispose: (() -> Void)?

    init(source: Observable<Element>, onNext: ((Element) throws -> Void)?, afterNext: ((Element) throws -> Void)?, onError: ((Swift.Error) throws -> Void)?, afterError: ((Swift.Error) throws -> Void)?, onCompleted: (() throws -> Void)?, afterCompleted: (() throws -> Void)?, onSubscribe: (() -> Void)?, onSubscribed: (() -> Void)?, onDispose: (() -> Void)?) {
        self.source = source
        self.onNext = onNext
        self.afterNext = afterNext
        self.onError = onError
        self.afterError = afterError
        self.onCompleted = onCompleted
        self.afterCompleted = afterCompleted
        self.onSubscribe = onSubscribe
        self.onSubscribed = onSubscribed
        self.onDispose = onDispose
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        onSubscribe?()
        let sink = DoSink(parent: self, observer: observer)
        let subscription = source.subscribe(sink)
        onSubscribed?()
        // Attached after `onSubscribed`: a source that ended while being subscribed makes
        // `attach` dispose it and run `onDispose`, which come last, as in RxSwift.
        sink.attach(subscription)
        return sink
    }
}

final class DoSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `parent` is immutable.
    private let parent: DoObservable<Observer.Element>

    init(parent: DoObservable<Observer.Element>, observer: Observer) {
        self.parent = parent
        super.init(observer: observer)
    }

    func on(_ event: Event<Observer.Element>) {
        guard !isDisposed else { return }
        do {
            switch event {
            case .next(let element):
                try parent.onNext?(element)
                forwardNext(element)
                try parent.afterNext?(element)
            case .error(let error):
                try parent.onError?(error)
                forwardTerminal(event)
                try parent.afterError?(error)
            case .completed:
                try parent.onCompleted?()
                forwardTerminal(event)
                try parent.afterCompleted?()
            }
        } catch {
            forwardTerminal(.error(error))
        }
    }

    override func disposeResources() {
        parent.onDispose?()
    }
}

extension ObservableType {
    /// Runs side effects for the sequence's events and lifecycle, passing events through
    /// unchanged. An error thrown by an `on…`/`after…` closure terminates the sequence with it.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        DoObservable(source: asObservable(), onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError, onCompleted: onCompleted, afterCompleted: afterCompleted, onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose)
    }
}
