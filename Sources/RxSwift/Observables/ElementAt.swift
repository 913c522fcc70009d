final class ElementAtSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `remaining` is touched only by serial deliveries.
    private var remaining: Int
    private let index: Int

    init(index: Int, downstream: Link) {
        remaining = index
        self.index = index
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        if remaining == 0 {
            forwardNext(element)
            forwardCompleted()
        }
        remaining -= 1
    }

    override func receiveCompleted() {
        forwardError(
            RxError.argumentOutOfRange(
                "element(at: \(index)): the source completed after \(index - remaining) elements"))
    }
}

extension ObservableType {
    /// Emits only the element at `index` (zero-based), then completes. A source that completes
    /// first, or a negative `index`, fails with `RxError.argumentOutOfRange`.
    ///
    /// ```
    /// source:          a-b-c|
    /// element(at: 1):  --(b|)
    /// ```
    ///
    /// - Parameter index: The zero-based index of the element to emit.
    public func element(at index: Int) -> Observable<Element> {
        if index < 0 {
            return .error(RxError.argumentOutOfRange("element(at: \(index)): index must be ≥ 0, got \(index)"))
        }
        let source = asObservable()
        return OperatorObservable { downstream in
            ElementAtSink(index: index, downstream: downstream).run(source)
        }
    }

    /// Emits only the element at `index`.
    ///
    /// - Parameter index: The zero-based index of the element to emit.
    @available(*, deprecated, renamed: "element(at:)")
    public func elementAt(_ index: Int) -> Observable<Element> {
        element(at: index)
    }
}
