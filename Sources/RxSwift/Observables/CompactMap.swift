final class CompactMapObservable<Source, Result>: Producer<Result> {
    let source: Observable<Source>
    let transform: (Source) throws -> Result?

    init(source: Observable<Source>, transform: @escaping (Source) throws -> Result?) {
        self.source = source
        self.transform = transform
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Result {
        let sink = CompactMapSink<Source, Observer>(transform: transform, observer: observer)
        sink.attach(source.subscribe(sink))
        return sink
    }
}

final class CompactMapSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `transform` is immutable and called serially.
    private let transform: (Source) throws -> Observer.Element?

    init(transform: @escaping (Source) throws -> Observer.Element?, observer: Observer) {
        self.transform = transform
        super.init(observer: observer)
    }

    override var receivesElements: Bool { true }

    override func receive<Value>(next element: Value) {
        receiveNext(_identityCast(element, to: Source.self))
    }

    func receiveNext(_ element: Source) {
        guard !isDisposed else { return }
        do {
            if let mapped = try transform(element) { forwardNext(mapped) }
        } catch {
            forwardError(error)
        }
    }

    override func receiveCompleted() {
        forwardCompleted()
    }

    override func receiveError(_ error: Swift.Error) {
        forwardError(error)
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            receiveNext(element)
        case .error(let error):
            forwardTerminal(.error(error))
        case .completed:
            forwardTerminal(.completed)
        }
    }
}

extension ObservableType {
    /// Transforms each element and drops the `nil` results.
    ///
    /// ```
    /// source:                  "1"-"x"-"3"|
    /// compactMap { Int($0) }:  1-------3|
    /// ```
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        CompactMapObservable(source: asObservable(), transform: transform)
    }
}
