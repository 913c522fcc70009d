/// `filter(predicate).map(transform)` as one stage: the predicate, then the transform, then the
/// next stage. Built by `map` when its source is a `FilterObservable` (no closure is composed:
/// the stage holds both), so a chain with a `filter` then a `map` keeps one subscription object
/// fewer alive (a 48-byte stage: 64 bytes of heap) and makes one hop fewer per element. A `map`
/// after it is a stage of its own, where further maps of one type loop (`MapObservable`):
/// composed into this stage's transform, each would nest one call deeper, and a long chain of
/// them would overflow the stack on every element.
///
/// It behaves as the two stages do: an error thrown by either closure fails the sequence, and
/// a disposal from inside the predicate keeps the transform from being called.
@usableFromInline
final class FilterMapObservable<Source, Result>: Producer<Result>, ActorDelivering {
    @usableFromInline let source: Observable<Source>
    @usableFromInline let predicate: (Source) throws -> Bool
    @usableFromInline let transform: (Source) throws -> Result
    /// `FilterMapSink<Source, Result>`, named where this sequence is built (see
    /// `MapObservable.sinkType`).
    @usableFromInline let sinkType: FilterMapSink<Source, Result>.Type

    @inlinable
    init(
        source: Observable<Source>, predicate: @escaping (Source) throws -> Bool,
        transform: @escaping (Source) throws -> Result
    ) {
        self.source = source
        self.predicate = predicate
        self.transform = transform
        self.sinkType = FilterMapSink<Source, Result>.self
    }

    /// Elements arrive where the source's do.
    var deliveryActor: (any Actor)? { (source as? ActorDelivering)?.deliveryActor }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Result {
        run(receiver: observer.receiverLink)
    }

    override func run(receiver: Link) -> Link {
        sinkType.init(predicate: predicate, transform: transform, downstream: receiver).run(source)
    }
}

@usableFromInline
final class FilterMapSink<Source, Result>: Sink<Source, Result>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `predicate` and `transform` are immutable and called serially.
    private let predicate: (Source) throws -> Bool
    private let transform: (Source) throws -> Result

    @usableFromInline
    required init(
        predicate: @escaping (Source) throws -> Bool, transform: @escaping (Source) throws -> Result,
        downstream: Link
    ) {
        self.predicate = predicate
        self.transform = transform
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Source) {
        guard !isDisposed else { return }
        do {
            // Checked again after the predicate, as the `filter` stage's forwarding would: a
            // predicate that disposes the subscription keeps the transform from running.
            guard try predicate(element), !isDisposed else { return }
            forwardNext(try transform(element))
        } catch {
            forwardError(error)
        }
    }
}
