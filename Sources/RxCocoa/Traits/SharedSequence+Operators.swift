import RxSwift

// The operators of `SharedSequence` (Driver, Signal): each applies the `Observable` operator of
// the same name and shares the result by the sequence's strategy. Their closures do not throw, so
// the "never fails" guarantee holds; time runs on the sharing scheduler.

extension SharedSequenceConvertibleType {
    /// Transforms each element.
    ///
    /// - Parameter transform: Maps each element; a thrown error fails the sequence.
    public func map<Result>(
        _ transform: @escaping @isolated(any) (Element) -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        lift { $0.map(transform) }
    }

    /// Transforms each element, dropping `nil` results.
    ///
    /// - Parameter transform: Maps each element; a thrown error fails the sequence.
    public func compactMap<Result>(
        _ transform: @escaping @isolated(any) (Element) -> Result?
    ) -> SharedSequence<SharingStrategy, Result> { lift { $0.compactMap(transform) } }

    /// Emits the elements that satisfy `predicate`.
    ///
    /// - Parameter predicate: Whether to forward an element; a thrown error fails the sequence.
    public func filter(
        _ predicate: @escaping @isolated(any) (Element) -> Bool
    ) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.filter(predicate) }
    }

    /// Merges the inner sequences `selector` returns.
    ///
    /// - Parameter selector: Maps each element to the sequence whose elements are forwarded; a thrown error fails the
    ///   result.
    public func flatMap<Sharing, Result>(
        _ selector: @escaping @isolated(any) (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        let (selector, actor) = Isolation.split(selector)
        return SharedSequence(asObservable().delivered(on: actor).flatMap { selector($0).asObservable() })
    }

    /// Emits the elements of the latest inner sequence `selector` returns, dropping the previous.
    ///
    /// - Parameter selector: Maps each element to the sequence whose elements are forwarded; a thrown error fails the
    ///   result.
    public func flatMapLatest<Sharing, Result>(
        _ selector: @escaping @isolated(any) (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        let (selector, actor) = Isolation.split(selector)
        return SharedSequence(asObservable().delivered(on: actor).flatMapLatest { selector($0).asObservable() })
    }

    /// Ignores elements while an inner sequence is running.
    ///
    /// - Parameter selector: Maps each element to the sequence whose elements are forwarded; a thrown error fails the
    ///   result.
    public func flatMapFirst<Sharing, Result>(
        _ selector: @escaping @isolated(any) (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        let (selector, actor) = Isolation.split(selector)
        return SharedSequence(asObservable().delivered(on: actor).flatMapFirst { selector($0).asObservable() })
    }

    /// Concatenates the inner sequences `selector` returns.
    ///
    /// - Parameter selector: Maps each element to the sequence whose elements are forwarded; a thrown error fails the
    ///   result.
    public func concatMap<Sharing, Result>(
        _ selector: @escaping @isolated(any) (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        let (selector, actor) = Isolation.split(selector)
        return SharedSequence(asObservable().delivered(on: actor).concatMap { selector($0).asObservable() })
    }

    /// A selector that returns a sequence other than a `Driver` or a `Signal` (an `Observable`, a
    /// `Single`, …), which RxSwift does not accept: the result is an `Observable`, the same as
    /// `asObservable().flatMap { … }`, since the inner sequence may fail. Without this overload such a
    /// selector would be taken for an `async` transform and its sequences forwarded as elements.
    ///
    /// - Parameter selector: Maps each element to the sequence whose elements are forwarded; a
    ///   thrown error fails the result.
    @available(
        *, deprecated,
        message:
            "flatMap's selector returns a Driver or a Signal; for another sequence the result is an Observable: write asObservable().flatMap { … }, or make the inner sequence a Driver (asDriver(onErrorJustReturn:))"
    )
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping @isolated(any) (Element) throws -> Source
    ) -> Observable<Source.Element> {
        asObservable().flatMap(selector)
    }

    /// A selector that returns a sequence other than a `Driver` or a `Signal` (an `Observable`, a
    /// `Single`, …), which RxSwift does not accept: the result is an `Observable`, the same as
    /// `asObservable().flatMapLatest { … }`, since the inner sequence may fail. Without this overload such a
    /// selector would be taken for an `async` transform and its sequences forwarded as elements.
    ///
    /// - Parameter selector: Maps each element to the sequence whose elements are forwarded; a
    ///   thrown error fails the result.
    @available(
        *, deprecated,
        message:
            "flatMapLatest's selector returns a Driver or a Signal; for another sequence the result is an Observable: write asObservable().flatMapLatest { … }, or make the inner sequence a Driver (asDriver(onErrorJustReturn:))"
    )
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping @isolated(any) (Element) throws -> Source
    ) -> Observable<Source.Element> {
        asObservable().flatMapLatest(selector)
    }

    /// A selector that returns a sequence other than a `Driver` or a `Signal` (an `Observable`, a
    /// `Single`, …), which RxSwift does not accept: the result is an `Observable`, the same as
    /// `asObservable().flatMapFirst { … }`, since the inner sequence may fail. Without this overload such a
    /// selector would be taken for an `async` transform and its sequences forwarded as elements.
    ///
    /// - Parameter selector: Maps each element to the sequence whose elements are forwarded; a
    ///   thrown error fails the result.
    @available(
        *, deprecated,
        message:
            "flatMapFirst's selector returns a Driver or a Signal; for another sequence the result is an Observable: write asObservable().flatMapFirst { … }, or make the inner sequence a Driver (asDriver(onErrorJustReturn:))"
    )
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping @isolated(any) (Element) throws -> Source
    ) -> Observable<Source.Element> {
        asObservable().flatMapFirst(selector)
    }

    /// A selector that returns a sequence other than a `Driver` or a `Signal` (an `Observable`, a
    /// `Single`, …), which RxSwift does not accept: the result is an `Observable`, the same as
    /// `asObservable().concatMap { … }`, since the inner sequence may fail. Without this overload such a
    /// selector would be taken for an `async` transform and its sequences forwarded as elements.
    ///
    /// - Parameter selector: Maps each element to the sequence whose elements are forwarded; a
    ///   thrown error fails the result.
    @available(
        *, deprecated,
        message:
            "concatMap's selector returns a Driver or a Signal; for another sequence the result is an Observable: write asObservable().concatMap { … }, or make the inner sequence a Driver (asDriver(onErrorJustReturn:))"
    )
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping @isolated(any) (Element) throws -> Source
    ) -> Observable<Source.Element> {
        asObservable().concatMap(selector)
    }

    /// Runs `transform` on each element as it arrives, the calls overlapping, and forwards each
    /// result as it is ready. Each call runs in a task of its own, cancelled as `Observable`'s
    /// `flatMap` cancels it; a cancelled task delivers nothing. The results are delivered on the
    /// sequence's scheduler (the main thread for `Driver` and `Signal`).
    ///
    /// - Parameter transform: The asynchronous work for each element; it cannot fail.
    public func flatMap<Result>(
        _ transform: @escaping @Sendable (Element) async -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().flatMap(transform, isolation: nil).observe(on: SharingStrategy.scheduler))
    }

    /// Runs `transform` on each element, cancelling the call still running for the previous one,
    /// and forwards the result of the latest. Each call runs in a task of its own, cancelled as
    /// `Observable`'s `flatMapLatest` cancels it; a cancelled task delivers nothing. The results
    /// are delivered on the sequence's scheduler (the main thread for `Driver` and `Signal`).
    ///
    /// - Parameter transform: The asynchronous work for each element; it cannot fail.
    public func flatMapLatest<Result>(
        _ transform: @escaping @Sendable (Element) async -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().flatMapLatest(transform, isolation: nil).observe(on: SharingStrategy.scheduler))
    }

    /// Runs `transform` on an element and forwards its result, ignoring the elements that arrive
    /// while the call is running. Each call runs in a task of its own, cancelled as `Observable`'s
    /// `flatMapFirst` cancels it; a cancelled task delivers nothing. The results are delivered on
    /// the sequence's scheduler (the main thread for `Driver` and `Signal`).
    ///
    /// - Parameter transform: The asynchronous work for each element; it cannot fail.
    public func flatMapFirst<Result>(
        _ transform: @escaping @Sendable (Element) async -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().flatMapFirst(transform, isolation: nil).observe(on: SharingStrategy.scheduler))
    }

    /// Runs `transform` on each element in turn, one call at a time and in the elements' order, and
    /// forwards each result. Each call runs in a task of its own, cancelled as `Observable`'s
    /// `concatMap` cancels it; a cancelled task delivers nothing. The results are delivered on the
    /// sequence's scheduler (the main thread for `Driver` and `Signal`).
    ///
    /// - Parameter transform: The asynchronous work for each element; it cannot fail.
    public func concatMap<Result>(
        _ transform: @escaping @Sendable (Element) async -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().concatMap(transform, isolation: nil).observe(on: SharingStrategy.scheduler))
    }

    /// Emits accumulated values.
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Combines the accumulated value with an element; a thrown error fails the sequence.
    public func scan<Seed>(
        _ seed: Seed, accumulator: @escaping @isolated(any) (Seed, Element) -> Seed
    ) -> SharedSequence<SharingStrategy, Seed> {
        lift { $0.scan(seed, accumulator: accumulator) }
    }

    /// Emits accumulated values, mutating the accumulator in place.
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Combines the accumulated value with an element; a thrown error fails the sequence.
    public func scan<Seed>(
        into seed: Seed, accumulator: @escaping @isolated(any) (inout Seed, Element) -> Void
    ) -> SharedSequence<SharingStrategy, Seed> {
        lift { $0.scan(into: seed, accumulator: accumulator) }
    }

    /// Emits `element` first, on subscription.
    ///
    /// - Parameter element: The element.
    public func startWith(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().startWith(element))
    }

    /// Pairs each element with its index.
    public func enumerated() -> SharedSequence<SharingStrategy, (index: Int, element: Element)> {
        lift { $0.enumerated() }
    }

    /// Skips the first `count` elements.
    ///
    /// - Parameter count: How many elements to skip.
    public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> { lift { $0.skip(count) } }

    /// Emits the latest element of `second` combined with each element.
    ///
    /// - Parameters:
    ///   - second: The sequence whose latest element is taken.
    ///   - resultSelector: Makes each element of the result from an element and the other sequence's latest; a thrown
    ///     error fails the result.
    public func withLatestFrom<Second: SharedSequenceConvertibleType, Result>(
        _ second: Second, resultSelector: @escaping @isolated(any) (Element, Second.Element) -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        lift { $0.withLatestFrom(second.asObservable(), resultSelector: resultSelector) }
    }

    /// Emits the latest element of `second` for each element.
    ///
    /// - Parameter second: The sequence whose latest element is taken.
    public func withLatestFrom<Second: SharedSequenceConvertibleType>(
        _ second: Second
    ) -> SharedSequence<SharingStrategy, Second.Element> {
        lift { $0.withLatestFrom(second.asObservable()) }
    }

    /// Pairs each element with `object`, completing once `object` is gone.
    ///
    /// - Parameter object: The object paired with each element, held weakly: the sequence completes once it is gone.
    public func withUnretained<Object: AnyObject>(
        _ object: Object
    ) -> SharedSequence<SharingStrategy, (Object, Element)> {
        lift { $0.withUnretained(object) }
    }

    /// Pairs each element with `object` through `resultSelector`, completing once `object` is gone.
    ///
    /// - Parameters:
    ///   - object: The object paired with each element, held weakly: the sequence completes once it is gone.
    ///   - resultSelector: Makes each element of the result from the object and an element.
    public func withUnretained<Object: AnyObject, Result>(
        _ object: Object, resultSelector: @escaping @isolated(any) (Object, Element) -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        lift { $0.withUnretained(object, resultSelector: resultSelector) }
    }

    // MARK: distinct

    /// Drops elements equal to the previous one.
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> where Element: Equatable {
        lift { $0.distinctUntilChanged() }
    }

    /// Drops elements whose key equals the previous element's key.
    ///
    /// - Parameter keySelector: Computes the key compared; a thrown error fails the sequence.
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping @isolated(any) (Element) -> Key
    ) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.distinctUntilChanged(keySelector) }
    }

    /// Drops elements that `comparer` says equal the previous one.
    ///
    /// - Parameter comparer: Whether two elements (or keys) are equal; a thrown error fails the sequence.
    public func distinctUntilChanged(
        _ comparer: @escaping @isolated(any) (Element, Element) -> Bool
    ) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.distinctUntilChanged(comparer) }
    }

    /// Drops elements whose key `comparer` says equals the previous element's key.
    ///
    /// - Parameters:
    ///   - keySelector: Computes the key compared; a thrown error fails the sequence.
    ///   - comparer: Whether two elements (or keys) are equal; a thrown error fails the sequence.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping @isolated(any) (Element) -> Key, comparer: @escaping @isolated(any) (Key, Key) -> Bool
    ) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.distinctUntilChanged(keySelector, comparer: comparer) }
    }

    /// Drops elements whose property at `keyPath` equals the previous element's.
    ///
    /// - Parameter keyPath: The key path of the value compared.
    public func distinctUntilChanged<Property: Equatable>(
        at keyPath: KeyPath<Element, Property>
    ) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.distinctUntilChanged(at: keyPath) }
    }

    // MARK: side effects

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
    ) -> SharedSequence<SharingStrategy, Element> {
        lift {
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
    ) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function) }
    }

    /// Records this sequence's subscriptions and events in `RxTrace`, as
    /// `ObservableType.trace(_:file:line:)` does.
    ///
    /// - Parameters:
    ///   - name: The name of the trace's stage in the recording.
    ///   - file: The file of the call (the caller's by default).
    ///   - line: The line of the call (the caller's by default).
    public func trace(
        _ name: String, file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.trace(name, file: file, line: line) }
    }

    // MARK: time (on the sharing scheduler)

    /// Emits at most one element per `dueTime`: the first at once, then the latest (if `latest`)
    /// at the end of the window.
    ///
    /// - Parameters:
    ///   - dueTime: The length of a window.
    ///   - latest: Whether the latest element of a window is emitted at its end (`true`), or only its first element.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler) }
    }

    /// `throttle(_:latest:)`, accepting the main scheduler as RxSwift code often passes it. The
    /// sequence keeps delivering on its sharing scheduler (the main scheduler unless mocked with
    /// `SharingScheduler.mock`).
    ///
    /// - Parameters:
    ///   - dueTime: The length of a window.
    ///   - latest: Whether the latest element of a window is emitted at its end (`true`), or only its first element.
    ///   - scheduler: Accepted and unused: the sequence keeps timing and delivering on its sharing scheduler.
    public func throttle(
        _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: MainScheduler
    ) -> SharedSequence<SharingStrategy, Element> {
        throttle(dueTime, latest: latest)
    }

    /// Emits an element only after `dueTime` passes without another.
    ///
    /// - Parameter dueTime: How long the source must stay silent before its latest element is emitted.
    public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.debounce(dueTime, scheduler: SharingStrategy.scheduler) }
    }

    /// `debounce(_:)`, accepting the main scheduler (see `throttle(_:latest:scheduler:)`).
    ///
    /// - Parameters:
    ///   - dueTime: How long the source must stay silent before its latest element is emitted.
    ///   - scheduler: Accepted and unused: the sequence keeps timing and delivering on its sharing scheduler.
    public func debounce(
        _ dueTime: RxTimeInterval, scheduler: MainScheduler
    ) -> SharedSequence<SharingStrategy, Element> {
        debounce(dueTime)
    }

    /// Shifts elements later by `dueTime`.
    ///
    /// - Parameter dueTime: How long to delay each event.
    public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.delay(dueTime, scheduler: SharingStrategy.scheduler) }
    }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
    /// Emits the elements of the latest inner sequence.
    public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map { $0.asObservable() }.switchLatest())
    }

    /// Merges the inner sequences.
    public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map { $0.asObservable() }.merge())
    }

    /// Merges the inner sequences, subscribed to at most `maxConcurrent` at a time (the others
    /// wait their turn); the result shares by the inner sequences' strategy.
    ///
    /// - Parameter maxConcurrent: The most inner sequences subscribed at once; the others wait.
    public func merge(maxConcurrent: Int) -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map { $0.asObservable() }.merge(maxConcurrent: maxConcurrent))
    }
}

extension SharedSequenceConvertibleType {
    /// Combines the sources' elements pairwise by index, through `resultSelector`.
    ///
    /// - Parameters:
    ///   - collection: The sources.
    ///   - resultSelector: Makes each element of the result; a thrown error fails the result.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection, resultSelector: @escaping @isolated(any) ([Element]) -> Result
    ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Combines the sources' elements pairwise by index, as arrays.
    ///
    /// - Parameter collection: The sources.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> SharedSequence<SharingStrategy, [Element]>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.zip(collection.map { $0.asObservable() }))
    }

    /// Combines the latest elements of the sources whenever one emits, through `resultSelector`.
    ///
    /// - Parameters:
    ///   - collection: The sources.
    ///   - resultSelector: Makes each element of the result; a thrown error fails the result.
    public static func combineLatest<Collection: Swift.Collection, Result>(
        _ collection: Collection, resultSelector: @escaping @isolated(any) ([Element]) -> Result
    ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Combines the latest elements of the sources whenever one emits, as arrays.
    ///
    /// - Parameter collection: The sources.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> SharedSequence<SharingStrategy, [Element]>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.combineLatest(collection.map { $0.asObservable() }))
    }
}
