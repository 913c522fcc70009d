final class TakeLastSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `buffer` is touched only by serial `on` calls.
    private let count: Int
    private var buffer: [Observer.Element] = []
    private var head = 0

    init(count: Int, observer: Observer) {
        self.count = count
        super.init(observer: observer)
    }

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            guard count > 0 else { return }
            buffer.append(element)
            if buffer.count - head > count { head += 1 }
            if head > 64 && head * 2 > buffer.count {
                buffer.removeFirst(head)
                head = 0
            }
        case .error:
            forward(event)
        case .completed:
            for element in buffer[head...] { forwardNext(element) }
            forwardCompleted()
        }
    }
}

extension ObservableType {
    /// Emits the last `count` elements when the source completes. A negative `count` fails with
    /// `RxError.argumentOutOfRange`.
    ///
    /// ```
    /// source:       1-2-3|
    /// takeLast(2):  -----(2 3|)
    /// ```
    public func takeLast(_ count: Int) -> Observable<Element> {
        if count < 0 { return .error(RxError.argumentOutOfRange) }
        let source = asObservable()
        return AnonymousObservable { observer in
            let sink = TakeLastSink(count: count, observer: observer)
            sink.attach(source.subscribe(sink))
            return sink
        }
    }
}
