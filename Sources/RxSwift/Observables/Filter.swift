@usableFromInline
final class FilterObservable<Element>: Producer<Element>, ActorDelivering {
    @usableFromInline let source: Observable<Element>
    @usableFromInline let predicate: (Element) throws -> Bool
    /// `FilterSink<Element>`, named where this sequence is built (see `MapObservable.sinkType`).
    @usableFromInline let sinkType: FilterSink<Element>.Type

    @inlinable
    init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
        self.sinkType = FilterSink<Element>.self
    }

    /// Elements arrive where the source's do.
    var deliveryActor: (any Actor)? { (source as? ActorDelivering)?.deliveryActor }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        run(receiver: observer.receiverLink)
    }

    override func run(receiver: Link) -> Link {
        sinkType.init(predicate: predicate, downstream: receiver).run(source)
    }
}

@usableFromInline
final class FilterSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `predicate` is immutable and called serially.
    private let predicate: (Element) throws -> Bool

    @usableFromInline
    required init(predicate: @escaping (Element) throws -> Bool, downstream: Link) {
        self.predicate = predicate
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        guard !isDisposed else { return }
        do {
            if try predicate(element) { forwardNext(element) }
        } catch {
            forwardError(error)
        }
    }
}

extension ObservableType {
    /// Keeps the elements that satisfy `predicate`.
    ///
    /// ```
    /// source:               1-2-3-4|
    /// filter { $0 > 2 }:    ----3-4|
    /// ```
    ///
    /// Inlinable, so that a client's build finds the new sequence's type metadata without a
    /// run-time look-up.
    ///
    /// - Parameters:
    ///   - predicate: Whether to forward an element; a thrown error fails the sequence.
    @inlinable @inline(__always)
    public func filter(
        _ predicate: @escaping @isolated(any) (Element) throws -> Bool
    ) -> Observable<Element> {
        let (predicate, predicateActor) = Isolation.split(predicate)
        let source = delivered(on: predicateActor)
        if let produced = source as? ProducedSequence<Element>, produced.fusesMore {
            return produced.filtered(predicate)
        }
        return FilterObservable(source: source, predicate: predicate)
    }
}
