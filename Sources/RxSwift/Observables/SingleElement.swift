// `single()`: named SingleElement.swift because Traits/Single.swift holds the Single trait.

final class SingleElementSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `found` is touched only by serial deliveries.
    private let predicate: (Element) throws -> Bool
    private var found = false

    init(predicate: @escaping (Element) throws -> Bool, downstream: Link) {
        self.predicate = predicate
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        guard !isDisposed else { return }
        do {
            guard try predicate(element) else { return }
            if found { return forwardError(RxError.moreThanOneElement) }
            found = true
            forwardNext(element)
        } catch {
            forwardError(error)
        }
    }

    override func receiveCompleted() {
        if found { forwardCompleted() } else { forwardError(RxError.noElements) }
    }
}

extension ObservableType {
    /// Emits the source's only element and completes. No element fails with
    /// `RxError.noElements`; a second one with `RxError.moreThanOneElement`.
    ///
    /// ```
    /// a:           1--|
    /// a.single():  1--|
    /// b:           1-2|
    /// b.single():  1-#
    /// ```
    public func single() -> Observable<Element> {
        single { _ in true }
    }

    /// Emits the only element that satisfies `predicate` and completes, with the errors of
    /// `single()`.
    ///
    /// - Parameters:
    ///   - predicate: Selects the element; a thrown error fails the sequence.
    public func single(
        _ predicate: @escaping @isolated(any) (Element) throws -> Bool
    ) -> Observable<Element> {
        let (predicate, predicateActor) = Isolation.split(predicate)
        let source = delivered(on: predicateActor)
        return OperatorObservable { downstream in
            SingleElementSink(predicate: predicate, downstream: downstream).run(source)
        }
    }
}
