/// A sequence with a trait that restricts its events (Single, Maybe, Completable).
public struct PrimitiveSequence<Trait, Element> {
    let source: Observable<Element>

    init(raw: Observable<Element>) {
        self.source = raw
    }
}

/// A type that is, or can be seen as, a `PrimitiveSequence`.
public protocol PrimitiveSequenceType {
    /// The trait (SingleTrait, MaybeTrait, CompletableTrait).
    associatedtype Trait
    /// The element type.
    associatedtype Element

    /// The sequence as a `PrimitiveSequence`.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
    /// Returns `self`.
    public var primitiveSequence: PrimitiveSequence<Trait, Element> { self }
}

extension PrimitiveSequence: ObservableConvertibleType {
    /// The sequence as an `Observable`.
    public func asObservable() -> Observable<Element> { source }
}

extension PrimitiveSequenceType {
    /// Defers creation of the sequence to subscription time.
    ///
    /// - Parameters:
    ///   - factory: Makes the sequence for each subscription; a thrown error fails it.
    public static func deferred(
        _ factory: @escaping @isolated(any) () throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        let (factory, factoryActor) = Isolation.split(factory)
        return PrimitiveSequence(raw: Observable.deferred { try factory().asObservable() }.subscribed(on: factoryActor))
    }

    /// A sequence that fails with `error`.
    ///
    /// - Parameter error: The error the sequence fails with.
    public static func error(_ error: Swift.Error) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.error(error))
    }

    /// A sequence that never emits.
    public static func never() -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.never())
    }

    /// Delivers the events on `scheduler`.
    ///
    /// - Parameter scheduler: The scheduler on which every event is delivered downstream; the subscription to the
    ///     source is made where `subscribe` is called.
    public func observe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.observe(on: scheduler))
    }

    /// Subscribes on `scheduler`.
    ///
    /// - Parameter scheduler: The scheduler on which the source is subscribed to and, later, disposed; events arrive
    ///     wherever the source sends them.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.subscribe(on: scheduler))
    }

    /// Delivers the events on `scheduler`.
    ///
    /// - Parameter scheduler: The scheduler on which every event is delivered downstream; the subscription to the
    ///     source is made where `subscribe` is called.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        observe(on: scheduler)
    }

    /// Subscribes on `scheduler`.
    ///
    /// - Parameter scheduler: The scheduler on which the source is subscribed to and, later, disposed; events arrive
    ///     wherever the source sends them.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        subscribe(on: scheduler)
    }

    /// Runs side effects for the events, passing them through.
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
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: primitiveSequence.source.debug(
                identifier, trimOutput: trimOutput, file: file, line: line, function: function))
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
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.trace(name, file: file, line: line))
    }

    /// Continues with `handler`'s sequence on error.
    ///
    /// - Parameters:
    ///   - handler: Makes the sequence to continue with from the error; a thrown error fails the result.
    public func `catch`(
        _ handler: @escaping @isolated(any) (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        let (handler, handlerActor) = Isolation.split(handler)
        return PrimitiveSequence(
            raw: primitiveSequence.source.delivered(on: handlerActor).catch { try handler($0).asObservable() })
    }

    /// Resubscribes at most `maxAttemptCount` times in all after errors.
    ///
    /// - Parameter maxAttemptCount: How many subscriptions in all, the first included.
    public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.retry(maxAttemptCount))
    }

    /// Shifts the events later by `dueTime` (errors are not delayed).
    ///
    /// - Parameters:
    ///   - dueTime: How long to delay each event.
    ///   - scheduler: The scheduler whose clock times `dueTime` and on which each delayed event is delivered.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.delay(dueTime, scheduler: scheduler))
    }

    /// Fails with `RxError.timeout` if `dueTime` passes first.
    ///
    /// - Parameters:
    ///   - dueTime: The longest wait for the next element.
    ///   - scheduler: The scheduler whose clock times the wait for the element or completion, and on which the timeout
    ///     error is delivered.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.timeout(dueTime, scheduler: scheduler))
    }
}
