final class TakeLastSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `buffer` is touched only by serial deliveries.
    private let count: Int
    private var buffer: [Element] = []
    private var head = 0

    init(count: Int, downstream: Link) {
        self.count = count
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        guard count > 0 else { return }
        buffer.append(element)
        if buffer.count - head > count { head += 1 }
        if head > 64 && head * 2 > buffer.count {
            buffer.removeFirst(head)
            head = 0
        }
    }

    override func receiveCompleted() {
        for element in buffer[head...] { forwardNext(element) }
        forwardCompleted()
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
    ///
    /// - Parameter count: How many elements to keep.
    public func takeLast(_ count: Int) -> Observable<Element> {
        if count < 0 {
            return .error(RxError.argumentOutOfRange("takeLast(\(count)): count must be ≥ 0, got \(count)"))
        }
        let source = asObservable()
        return OperatorObservable { downstream in
            TakeLastSink(count: count, downstream: downstream).run(source)
        }
    }
}
