/// Switches to a recovery sequence when the source fails.
final class CatchSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `recovered` changes only in serial `on` calls; `current`
    // is a SerialDisposable.
    private let handler: (Swift.Error) throws -> Observable<Observer.Element>
    private var recovered = false
    let current = SerialDisposable()

    init(handler: @escaping (Swift.Error) throws -> Observable<Observer.Element>, observer: Observer) {
        self.handler = handler
        super.init(observer: observer)
    }

    func on(_ event: Event<Observer.Element>) {
        guard case .error(let error) = event, !recovered, !isDisposed else { return forward(event) }
        recovered = true
        do {
            current.disposable = try handler(error).subscribe(self)
        } catch {
            forwardTerminal(.error(error))
        }
    }

    override func disposeResources() {
        current.dispose()
    }
}

extension ObservableType {
    /// Continues with the sequence `handler` returns when the source fails. An error thrown by
    /// `handler` is forwarded.
    ///
    /// ```
    /// source:                1-2-#
    /// catch { _ in .just(9) }:  1-2-9|
    /// ```
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { observer in
            let sink = CatchSink(handler: handler, observer: observer)
            sink.attach(sink.current)
            sink.current.disposable = source.subscribe(sink)
            return sink
        }
    }

    /// Emits `element` and completes when the source fails.
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        self.catch { _ in .just(element) }
    }
}
