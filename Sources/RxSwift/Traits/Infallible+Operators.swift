import Foundation

// The operators of `Infallible`: each applies the `Observable` operator of the same name, which
// keeps the "never fails" guarantee (none of them can introduce an error; closures here do not
// throw).

extension InfallibleType {
    func lift<Result>(_ transform: (Observable<Element>) -> Observable<Result>) -> Infallible<Result> {
        Infallible(transform(asObservable()))
    }

    // MARK: creation

    /// An `Infallible` of one element.
    ///
    /// - Parameter element: The only element.
    public static func just(_ element: Element) -> Infallible<Element> { Infallible(.just(element)) }

    /// An `Infallible` of one element, emitted on `scheduler`.
    ///
    /// - Parameters:
    ///   - element: The only element.
    ///   - scheduler: The scheduler on which the element, then completion, are sent.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(.just(element, scheduler: scheduler))
    }

    /// An `Infallible` that completes at once.
    public static func empty() -> Infallible<Element> { Infallible(.empty()) }

    /// An `Infallible` that never emits.
    public static func never() -> Infallible<Element> { Infallible(.never()) }

    /// An `Infallible` of `elements`, in order.
    ///
    /// - Parameters:
    ///   - elements: The elements, in order.
    ///   - scheduler: The scheduler that sends the elements: by default `CurrentThreadScheduler`, during the
    ///     subscription, interleaved element by element with other sources waiting on the thread's trampoline;
    ///     on any other scheduler, one element per scheduled action.
    public static func of(
        _ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        Infallible(.from(elements, scheduler: scheduler))
    }

    /// An `Infallible` of the elements of `array`.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - scheduler: The scheduler that sends the elements: by default `CurrentThreadScheduler`, during the
    ///     subscription, interleaved element by element with other sources waiting on the thread's trampoline;
    ///     on any other scheduler, one element per scheduled action.
    public static func from(
        _ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        Infallible(.from(array, scheduler: scheduler))
    }

    /// An `Infallible` of the elements of `sequence`.
    ///
    /// - Parameters:
    ///   - sequence: The elements, in order.
    ///   - scheduler: The scheduler that sends the elements: by default `CurrentThreadScheduler`, during the
    ///     subscription, interleaved element by element with other sources waiting on the thread's trampoline;
    ///     on any other scheduler, one element per scheduled action.
    @_disfavoredOverload
    public static func from<Sequence: Swift.Sequence>(
        _ sequence: Sequence, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> where Sequence.Element == Element {
        Infallible(.from(sequence, scheduler: scheduler))
    }

    /// An `Infallible` of the wrapped value, or empty for `nil`.
    ///
    /// - Parameter optional: The element, if any.
    public static func from(optional: Element?) -> Infallible<Element> { Infallible(.from(optional: optional)) }

    /// Creates the `Infallible` at subscription time.
    ///
    /// - Parameters:
    ///   - factory: Makes the sequence for each subscription; a thrown error fails it.
    public static func deferred(
        _ factory: @escaping @isolated(any) () -> Infallible<Element>
    ) -> Infallible<Element> {
        let (factory, actor) = Isolation.split(factory)
        return Infallible(Observable.deferred { factory().asObservable() }.subscribed(on: actor))
    }

    /// Repeats `element` forever.
    ///
    /// - Parameters:
    ///   - element: The element repeated.
    ///   - scheduler: The scheduler that sends the elements: by default `CurrentThreadScheduler`, during the
    ///     subscription, interleaved element by element with other sources waiting on the thread's trampoline;
    ///     on any other scheduler, one element per scheduled action.
    public static func repeatElement(
        _ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        Infallible(.repeatElement(element, scheduler: scheduler))
    }

    /// Concatenates `sources`.
    ///
    /// - Parameter sources: The sources, subscribed to one after another.
    public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(.concat(sources.map { $0.asObservable() }))
    }

    /// Concatenates `sequence`'s sources.
    ///
    /// - Parameter sequence: The sequences, subscribed to one after another.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Infallible<Element>
    where Sequence.Element == Infallible<Element> {
        Infallible(.concat(sequence.map { $0.asObservable() }))
    }

    /// Merges `sources`.
    ///
    /// - Parameter sources: The sources.
    public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(.merge(sources.map { $0.asObservable() }))
    }

    /// Merges `sources`.
    ///
    /// - Parameter sources: The sources.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Infallible<Element>
    where Collection.Element == Infallible<Element> {
        Infallible(.merge(sources.map { $0.asObservable() }))
    }

    // MARK: transforming and filtering

    /// Transforms each element.
    ///
    /// - Parameters:
    ///   - transform: Maps each element; a thrown error fails the sequence.
    public func map<Result>(
        _ transform: @escaping @isolated(any) (Element) -> Result
    ) -> Infallible<Result> {
        return lift { $0.map(transform) }
    }

    /// Transforms each element, dropping `nil` results.
    ///
    /// - Parameters:
    ///   - transform: Maps each element; a thrown error fails the sequence.
    public func compactMap<Result>(
        _ transform: @escaping @isolated(any) (Element) -> Result?
    ) -> Infallible<Result> {
        return lift { $0.compactMap(transform) }
    }

    /// Emits the elements that satisfy `predicate`.
    ///
    /// - Parameters:
    ///   - predicate: Whether to forward an element; a thrown error fails the sequence.
    public func filter(
        _ predicate: @escaping @isolated(any) (Element) -> Bool
    ) -> Infallible<Element> {
        return lift { $0.filter(predicate) }
    }

    /// Merges the inner sequences `selector` returns.
    ///
    /// The inner sequences may be of any kind, as in RxSwift (an `Infallible`, an `Observable`, a
    /// `Single`, a `Driver`, …). An inner sequence that can fail should not: its error would reach
    /// this `Infallible`'s subscribers, which have no `onError` (the error goes to
    /// `Hooks.defaultErrorHandler`, as RxSwift's does); catch it in the inner sequence, for
    /// instance with `asInfallible(onErrorJustReturn:)`.
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded.
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping @isolated(any) (Element) -> Source
    ) -> Infallible<Source.Element> {
        let (selector, selectorActor) = Isolation.split(selector)
        return lift { $0.delivered(on: selectorActor).flatMap { selector($0).asObservable() } }
    }

    /// Emits the elements of the latest inner sequence only.
    ///
    /// The inner sequences may be of any kind, as in RxSwift (an `Infallible`, an `Observable`, a
    /// `Single`, a `Driver`, …). An inner sequence that can fail should not: its error would reach
    /// this `Infallible`'s subscribers, which have no `onError` (the error goes to
    /// `Hooks.defaultErrorHandler`, as RxSwift's does); catch it in the inner sequence, for
    /// instance with `asInfallible(onErrorJustReturn:)`.
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded.
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping @isolated(any) (Element) -> Source
    ) -> Infallible<Source.Element> {
        let (selector, selectorActor) = Isolation.split(selector)
        return lift { $0.delivered(on: selectorActor).flatMapLatest { selector($0).asObservable() } }
    }

    /// Ignores elements while an inner sequence is running.
    ///
    /// The inner sequences may be of any kind, as in RxSwift (an `Infallible`, an `Observable`, a
    /// `Single`, a `Driver`, …). An inner sequence that can fail should not: its error would reach
    /// this `Infallible`'s subscribers, which have no `onError` (the error goes to
    /// `Hooks.defaultErrorHandler`, as RxSwift's does); catch it in the inner sequence, for
    /// instance with `asInfallible(onErrorJustReturn:)`.
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded.
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping @isolated(any) (Element) -> Source
    ) -> Infallible<Source.Element> {
        let (selector, selectorActor) = Isolation.split(selector)
        return lift { $0.delivered(on: selectorActor).flatMapFirst { selector($0).asObservable() } }
    }

    /// Concatenates the inner sequences `selector` returns.
    ///
    /// The inner sequences may be of any kind, as in RxSwift (an `Infallible`, an `Observable`, a
    /// `Single`, a `Driver`, …). An inner sequence that can fail should not: its error would reach
    /// this `Infallible`'s subscribers, which have no `onError` (the error goes to
    /// `Hooks.defaultErrorHandler`, as RxSwift's does); catch it in the inner sequence, for
    /// instance with `asInfallible(onErrorJustReturn:)`.
    ///
    /// - Parameters:
    ///   - selector: Maps each element to the sequence whose elements are forwarded.
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping @isolated(any) (Element) -> Source
    ) -> Infallible<Source.Element> {
        let (selector, selectorActor) = Isolation.split(selector)
        return lift { $0.delivered(on: selectorActor).concatMap { selector($0).asObservable() } }
    }

    /// Runs `transform` on each element as it arrives, the calls overlapping, and forwards each
    /// result as it is ready. Each call runs in a task of its own, cancelled as `Observable`'s
    /// `flatMap` cancels it; a cancelled task delivers nothing.
    ///
    /// - Parameters:
    ///   - transform: The asynchronous work for each element; it cannot fail.
    ///   - isolation: The actor the results are delivered on; the caller's by default (from
    ///     nonisolated code, each result arrives on its task's thread).
    public func flatMap<Result>(
        _ transform: @escaping @Sendable (Element) async -> Result, isolation: (any Actor)? = #isolation
    ) -> Infallible<Result> {
        Infallible(asObservable().flatMap(transform, isolation: isolation))
    }

    /// Runs `transform` on each element, cancelling the call still running for the previous one,
    /// and forwards the result of the latest. Each call runs in a task of its own, cancelled as
    /// `Observable`'s `flatMapLatest` cancels it; a cancelled task delivers nothing.
    ///
    /// - Parameters:
    ///   - transform: The asynchronous work for each element; it cannot fail.
    ///   - isolation: The actor the results are delivered on; the caller's by default (from
    ///     nonisolated code, each result arrives on its task's thread).
    public func flatMapLatest<Result>(
        _ transform: @escaping @Sendable (Element) async -> Result, isolation: (any Actor)? = #isolation
    ) -> Infallible<Result> {
        Infallible(asObservable().flatMapLatest(transform, isolation: isolation))
    }

    /// Runs `transform` on an element and forwards its result, ignoring the elements that arrive
    /// while the call is running. Each call runs in a task of its own, cancelled as `Observable`'s
    /// `flatMapFirst` cancels it; a cancelled task delivers nothing.
    ///
    /// - Parameters:
    ///   - transform: The asynchronous work for each element; it cannot fail.
    ///   - isolation: The actor the results are delivered on; the caller's by default (from
    ///     nonisolated code, each result arrives on its task's thread).
    public func flatMapFirst<Result>(
        _ transform: @escaping @Sendable (Element) async -> Result, isolation: (any Actor)? = #isolation
    ) -> Infallible<Result> {
        Infallible(asObservable().flatMapFirst(transform, isolation: isolation))
    }

    /// Runs `transform` on each element in turn, one call at a time and in the elements' order, and
    /// forwards each result. Each call runs in a task of its own, cancelled as `Observable`'s
    /// `concatMap` cancels it; a cancelled task delivers nothing.
    ///
    /// - Parameters:
    ///   - transform: The asynchronous work for each element; it cannot fail.
    ///   - isolation: The actor the results are delivered on; the caller's by default (from
    ///     nonisolated code, each result arrives on its task's thread).
    public func concatMap<Result>(
        _ transform: @escaping @Sendable (Element) async -> Result, isolation: (any Actor)? = #isolation
    ) -> Infallible<Result> {
        Infallible(asObservable().concatMap(transform, isolation: isolation))
    }

    /// Emits accumulated values.
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Combines the accumulated value with an element; a thrown error fails the sequence.
    public func scan<Seed>(
        _ seed: Seed, accumulator: @escaping @isolated(any) (Seed, Element) -> Seed
    ) -> Infallible<Seed> {
        return lift { $0.scan(seed, accumulator: accumulator) }
    }

    /// Emits accumulated values, mutating the accumulator in place.
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Combines the accumulated value with an element; a thrown error fails the sequence.
    public func scan<Seed>(
        into seed: Seed, accumulator: @escaping @isolated(any) (inout Seed, Element) -> Void
    ) -> Infallible<Seed> {
        return lift { $0.scan(into: seed, accumulator: accumulator) }
    }

    /// Emits `elements` first.
    ///
    /// - Parameter elements: The elements emitted first.
    public func startWith(_ elements: Element...) -> Infallible<Element> { lift { $0.startWith(contentsOf: elements) } }

    /// Pairs each element with its index.
    public func enumerated() -> Infallible<(index: Int, element: Element)> { lift { $0.enumerated() } }

    /// Emits the first `count` elements.
    ///
    /// - Parameter count: How many elements to forward.
    public func take(_ count: Int) -> Infallible<Element> { lift { $0.take(count) } }

    /// Emits elements while `predicate` holds.
    ///
    /// - Parameters:
    ///   - predicate: Whether to keep forwarding; a thrown error fails the sequence.
    ///   - behavior: Whether the element that ends the sequence is emitted (`.inclusive`) or not (`.exclusive`).
    public func take(
        while predicate: @escaping @isolated(any) (Element) -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Infallible<Element> {
        return lift { $0.take(while: predicate, behavior: behavior) }
    }

    /// Emits elements until `predicate` holds.
    ///
    /// - Parameters:
    ///   - predicate: Whether to keep forwarding; a thrown error fails the sequence.
    ///   - behavior: Whether the element that ends the sequence is emitted (`.inclusive`) or not (`.exclusive`).
    public func take(
        until predicate: @escaping @isolated(any) (Element) -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Infallible<Element> {
        return lift { $0.take(until: predicate, behavior: behavior) }
    }

    /// Emits elements until `other` emits.
    ///
    /// - Parameter other: The sequence whose first element completes the result.
    public func take<Source: ObservableConvertibleType>(until other: Source) -> Infallible<Element> {
        lift { $0.take(until: other) }
    }

    /// Skips the first `count` elements.
    ///
    /// - Parameter count: How many elements to skip.
    public func skip(_ count: Int) -> Infallible<Element> { lift { $0.skip(count) } }

    /// Skips elements while `predicate` holds.
    ///
    /// - Parameters:
    ///   - predicate: Whether to keep skipping; a thrown error fails the sequence.
    public func skip(
        while predicate: @escaping @isolated(any) (Element) -> Bool
    ) -> Infallible<Element> {
        return lift { $0.skip(while: predicate) }
    }

    /// Skips elements until `other` emits.
    ///
    /// - Parameter other: The sequence whose first element starts the forwarding.
    public func skip<Source: ObservableConvertibleType>(until other: Source) -> Infallible<Element> {
        lift { $0.skip(until: other) }
    }

    /// Combines each element with the latest element of `second`.
    ///
    /// - Parameters:
    ///   - second: The sequence whose latest element is taken.
    ///   - resultSelector: Makes each element of the result from an element and the other sequence's latest; a thrown
    ///     error fails the result.
    public func withLatestFrom<Source: InfallibleType, Result>(
        _ second: Source, resultSelector: @escaping @isolated(any) (Element, Source.Element) -> Result
    ) -> Infallible<Result> {
        return lift { $0.withLatestFrom(second.asObservable(), resultSelector: resultSelector) }
    }

    /// Emits the latest element of `second` for each element.
    ///
    /// - Parameter second: The sequence whose latest element is taken.
    public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
        lift { $0.withLatestFrom(second.asObservable()) }
    }

    /// Pairs each element with `object`, completing once `object` is gone.
    ///
    /// - Parameter object: The object paired with each element, held weakly: the sequence completes once it is gone.
    public func withUnretained<Object: AnyObject>(_ object: Object) -> Infallible<(Object, Element)> {
        lift { $0.withUnretained(object) }
    }

    // MARK: distinct

    /// Drops elements equal to the previous one.
    public func distinctUntilChanged() -> Infallible<Element> where Element: Equatable {
        lift { $0.distinctUntilChanged() }
    }

    /// Drops elements whose key equals the previous element's key.
    ///
    /// - Parameters:
    ///   - keySelector: Computes the key compared; a thrown error fails the sequence.
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping @isolated(any) (Element) -> Key
    ) -> Infallible<Element> {
        return lift { $0.distinctUntilChanged(keySelector) }
    }

    /// Drops elements that `comparer` says equal the previous one.
    ///
    /// - Parameters:
    ///   - comparer: Whether two elements (or keys) are equal; a thrown error fails the sequence.
    public func distinctUntilChanged(
        _ comparer: @escaping @isolated(any) (Element, Element) -> Bool
    ) -> Infallible<Element> {
        return lift { $0.distinctUntilChanged(comparer) }
    }

    /// Drops elements whose property at `keyPath` equals the previous element's.
    ///
    /// - Parameter keyPath: The key path of the value compared.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Infallible<Element>
    {
        lift { $0.distinctUntilChanged(at: keyPath) }
    }

    // MARK: side effects, sharing, scheduling

    /// Runs side effects for events, passing them through.
    ///
    /// - Parameters:
    ///   - onNext: Called with each element, before it is delivered.
    ///   - afterNext: Called with each element, after it was delivered.
    ///   - onCompleted: Called before the completion is delivered.
    ///   - afterCompleted: Called after the completion was delivered.
    ///   - onSubscribe: Called before the subscription to the source.
    ///   - onSubscribed: Called after the subscription to the source.
    ///   - onDispose: Called when the subscription is disposed of or ends.
    public func `do`(
        onNext: (@isolated(any) (Element) -> Void)? = nil, afterNext: (@isolated(any) (Element) -> Void)? = nil,
        onCompleted: (@isolated(any) () -> Void)? = nil,
        afterCompleted: (@isolated(any) () -> Void)? = nil, onSubscribe: (@isolated(any) () -> Void)? = nil,
        onSubscribed: (@isolated(any) () -> Void)? = nil,
        onDispose: (@isolated(any) () -> Void)? = nil
    ) -> Infallible<Element> {
        return lift {
            $0.do(
                onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose)
        }
    }

    /// Prints events.
    ///
    /// - Parameters:
    ///   - identifier: The label of the printed lines (the call's file, line and function when nil).
    ///   - trimOutput: Whether to shorten long events in the printed lines.
    ///   - file: The file of the call, for messages (the caller's by default).
    ///   - line: The line of the call, for messages (the caller's by default).
    ///   - function: The function of the call, for messages (the caller's by default).
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
        function: String = #function
    ) -> Infallible<Element> {
        lift { $0.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function) }
    }

    /// Records this sequence's subscriptions and events in `RxTrace`, as
    /// `ObservableType.trace(_:file:line:)` does.
    ///
    /// - Parameters:
    ///   - name: The name of the trace's stage in the recording.
    ///   - file: The file of the call (the caller's by default).
    ///   - line: The line of the call (the caller's by default).
    public func trace(_ name: String, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Element> {
        lift { $0.trace(name, file: file, line: line) }
    }

    /// Shares one subscription of the source among subscribers.
    ///
    /// - Parameters:
    ///   - replay: How many elements to replay to a new subscriber.
    ///   - scope: Whether the replayed elements outlive the shared subscription (`.forever`) or not
    ///     (`.whileConnected`).
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> {
        lift { $0.share(replay: replay, scope: scope) }
    }

    /// Delivers events on `scheduler`.
    ///
    /// - Parameter scheduler: The scheduler on which every event is delivered downstream; the subscription to the
    ///     source is made where `subscribe` is called.
    public func observe(on scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        lift { $0.observe(on: scheduler) }
    }

    /// Subscribes on `scheduler`.
    ///
    /// - Parameter scheduler: The scheduler on which the source is subscribed to and, later, disposed; events arrive
    ///     wherever the source sends them.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        lift { $0.subscribe(on: scheduler) }
    }

    /// Emits an element only after `dueTime` passes without another.
    ///
    /// - Parameters:
    ///   - dueTime: How long the source must stay silent before its latest element is emitted.
    ///   - scheduler: The scheduler whose clock times the quiet period and on which an element is delivered once it
    ///     has passed.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        lift { $0.debounce(dueTime, scheduler: scheduler) }
    }

    /// Emits at most one element per `dueTime`.
    ///
    /// - Parameters:
    ///   - dueTime: The length of a window.
    ///   - latest: Whether the latest element of a window is emitted at its end (`true`), or only its first element.
    ///   - scheduler: The scheduler whose clock times each window and on which the latest element of a window is
    ///     delivered at its end.
    public func throttle(
        _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType
    ) -> Infallible<Element> {
        lift { $0.throttle(dueTime, latest: latest, scheduler: scheduler) }
    }

    /// Shifts events later by `dueTime`.
    ///
    /// - Parameters:
    ///   - dueTime: How long to delay each event.
    ///   - scheduler: The scheduler whose clock times `dueTime` and on which each delayed event is delivered.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        lift { $0.delay(dueTime, scheduler: scheduler) }
    }
}

extension InfallibleType where Element: InfallibleType {
    /// Emits the elements of the latest inner sequence.
    public func switchLatest() -> Infallible<Element.Element> { lift { $0.map { $0.asObservable() }.switchLatest() } }

    /// Merges the inner sequences.
    public func merge() -> Infallible<Element.Element> { lift { $0.map { $0.asObservable() }.merge() } }
}

extension InfallibleType where Element: RxAbstractInteger {
    /// Emits 0, 1, 2, … every `period`.
    ///
    /// - Parameters:
    ///   - period: The time between two elements.
    ///   - scheduler: The scheduler whose clock times the periods and on which each tick is delivered.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(.interval(period, scheduler: scheduler))
    }

    /// Emits 0 after `dueTime`, then counts every `period` if one is given.
    ///
    /// - Parameters:
    ///   - dueTime: How long until the first element.
    ///   - period: The time between the following elements (nil: one element only).
    ///   - scheduler: The scheduler whose clock times `dueTime` (and each period) and on which each value is delivered.
    public static func timer(
        _ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType
    ) -> Infallible<Element> {
        Infallible(.timer(dueTime, period: period, scheduler: scheduler))
    }
}

extension InfallibleType {
    /// Combines the sources' elements pairwise by index, through `resultSelector`.
    ///
    /// - Parameters:
    ///   - collection: The sources.
    ///   - resultSelector: Makes each element of the result; a thrown error fails the result.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection, resultSelector: @escaping @isolated(any) ([Element]) -> Result
    ) -> Infallible<Result> where Collection.Element == Infallible<Element> {
        return Infallible<Result>(Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Combines the sources' elements pairwise by index, as arrays.
    ///
    /// - Parameter collection: The sources.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<[Element]>
    where Collection.Element == Infallible<Element> {
        Infallible<[Element]>(Observable.zip(collection.map { $0.asObservable() }))
    }

    /// Combines the latest elements of the sources whenever one emits, through `resultSelector`.
    ///
    /// - Parameters:
    ///   - collection: The sources.
    ///   - resultSelector: Makes each element of the result; a thrown error fails the result.
    public static func combineLatest<Collection: Swift.Collection, Result>(
        _ collection: Collection, resultSelector: @escaping @isolated(any) ([Element]) -> Result
    ) -> Infallible<Result> where Collection.Element == Infallible<Element> {
        return Infallible<Result>(
            Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Combines the latest elements of the sources whenever one emits, as arrays.
    ///
    /// - Parameter collection: The sources.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<[Element]>
    where Collection.Element == Infallible<Element> {
        Infallible<[Element]>(Observable.combineLatest(collection.map { $0.asObservable() }))
    }
}
