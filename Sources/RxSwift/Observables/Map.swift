@usableFromInline
final class MapObservable<Source, Result>: Producer<Result>, ActorDelivering {
    @usableFromInline let source: Observable<Source>
    @usableFromInline let transform: (Source) throws -> Result
    /// `MapSink<Source, Result>`, named where this sequence is built: in a client's specialised
    /// `map` that costs nothing, where naming it in `run` (unspecialised generic code) would look
    /// its metadata up on every subscription.
    @usableFromInline let sinkType: MapSink<Source, Result>.Type
    /// For maps of one type composed into one stage (`Int` to `Int`, …): each transform, in
    /// order, which `transform` applies in a loop; the next such `map` extends it. `nil` otherwise.
    @usableFromInline let steps: Transforms<Source>?

    @inlinable
    init(source: Observable<Source>, transform: @escaping (Source) throws -> Result, steps: Transforms<Source>? = nil) {
        self.source = source
        self.transform = transform
        self.sinkType = MapSink<Source, Result>.self
        self.steps = steps
    }

    /// Elements arrive where the source's do.
    var deliveryActor: (any Actor)? { (source as? ActorDelivering)?.deliveryActor }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Result {
        run(receiver: observer.receiverLink)
    }

    override func run(receiver: Link) -> Link {
        sinkType.init(transform: transform, downstream: receiver).run(source)
    }

    /// This map, from and to one type, followed by `next`, as one stage. When `next` keeps the
    /// type too, each transform is called in turn in a loop (a composed closure, as a chain of
    /// them, calls two per transform); otherwise the two are composed. Built in the inlinable
    /// `map`, so it is compiled for the element types in the caller's module, where each call
    /// needs no dynamically sized temporary.
    @inlinable
    func followed<Next>(by next: @escaping (Source) throws -> Next) -> Observable<Next> where Result == Source {
        guard Next.self == Source.self else {
            let first = transform
            return MapObservable<Source, Next>(source: source, transform: { try next(first($0)) })
        }
        // One list of steps however long the chain (`Transforms`): a closure that called the
        // closure before it would need a stack as deep as the chain.
        let next = unsafeBitCast(next, to: ((Source) throws -> Source).self)
        let steps = steps?.appending(next) ?? Transforms(transform, next)
        let chain = MapObservable<Source, Source>(
            source: source, transform: { [steps] value in try steps.apply(value) }, steps: steps)
        return unsafeBitCast(chain, to: Observable<Next>.self)
    }

    /// `map` after `map` is one stage that applies both transforms.
    override func fusedMap<Next>(_ next: @escaping (Result) throws -> Next) -> Observable<Next>? {
        let first = transform
        return MapObservable<Source, Next>(source: source, transform: { try next(first($0)) })
    }
}

@usableFromInline
final class MapSink<Source, Result>: Sink<Source, Result>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `transform` is immutable and called serially.
    private let transform: (Source) throws -> Result

    @usableFromInline
    required init(transform: @escaping (Source) throws -> Result, downstream: Link) {
        self.transform = transform
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Source) {
        guard !isDisposed else { return }
        do { forwardNext(try transform(element)) } catch { forwardError(error) }
    }
}

extension ObservableType {
    /// Transforms each element with `transform`. A thrown error terminates the sequence.
    ///
    /// ```
    /// source:           1---2---3--|
    /// map { $0 * 10 }:  10--20--30-|
    /// ```
    ///
    /// Inlinable, so that a client's build finds the new sequence's type metadata without a
    /// run-time look-up. `just(x).map(f)` is one sequence that applies `f` as it emits (no stage
    /// of its own), consecutive `map`s are one stage that applies every transform, and a `map`
    /// after a `filter` is one stage with the `filter`.
    ///
    /// - Parameters:
    ///   - transform: Maps each element; a thrown error fails the sequence.
    @inlinable @inline(__always)
    public func map<Result>(
        _ transform: @escaping @isolated(any) (Element) throws -> Result
    ) -> Observable<Result> {
        let (transform, actor) = Isolation.split(transform)
        // Here, not in a `fusedMap` override of `JustObservable`: built in the library's generic
        // code, `JustMapObservable<Source, Result>`'s metadata is looked up per call (measured:
        // 2,355 instructions per `just.map.subscribe` against 1,738). Before `delivered(on:)`,
        // which would let the `just` escape (no longer allocated on the stack: one more
        // allocation per subscription): `just` emits as it is subscribed, so subscribing on the
        // closure's actor delivers it there.
        if let just = self as? JustObservable<Element> {
            return JustMapObservable(element: just.element, transform: transform).subscribed(on: actor)
        }
        let source = delivered(on: actor)
        if let produced = source as? ProducedSequence<Element>, produced.fusesMore { return produced.mapped(transform) }
        // A map whose input has this map's input type (`Int` to `Int`, …): composed here, where
        // the types are known (`fusedMap` composes in the library's generic code, for any types).
        if let previous = source as? MapObservable<Element, Element> { return previous.followed(by: transform) }
        // A map after a filter: one stage that holds both closures (`FilterMapObservable`).
        if let filter = source as? FilterObservable<Element> {
            return FilterMapObservable(source: filter.source, predicate: filter.predicate, transform: transform)
        }
        return source.fusedMap(transform) ?? MapObservable(source: source, transform: transform)
    }
}
