// `single()`: named SingleElement.swift because Traits/Single.swift holds the Single trait.

final class SingleElementSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `found` is touched only by serial `on` calls.
    private let predicate: (Observer.Element) throws -> Bool
    private var found: Observer.Element?

    init(predicate: @escaping (Observer.Element) throws -> Bool, observer: Observer) {
        self.predicate = predicate
        super.init(observer: observer)
    }

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            guard !isDisposed else { return }
            do {
                guard try predicate(element) else { return }
                if found != nil { return forwardError(RxError.moreThanOneElement) }
                found = element
                forwardNext(element)
            } catch {
                forwardError(error)
            }
        case .error:
            forward(event)
        case .completed:
            if found == nil { forwardError(RxError.noElements) } else { forwardCompleted() }
        }
    }
}

extension ObservableType {
    /// Emits the source's only element and completes. No element fails with
    /// `RxError.noElements`; a second one with `RxError.moreThanOneElement`.
    ///
    /// ```
    /// source:    1|        1-2|
    /// single():  1|        1-#
    /// ```
    public func single() -> Observable<Element> {
        single { _ in true }
    }

    /// Emits the only element that satisfies `predicate` and completes, with the errors of
    /// `single()`.
    public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { observer in
            let sink = SingleElementSink(predicate: predicate, observer: observer)
            sink.attach(source.subscribe(sink))
            return sink
        }
    }
}
