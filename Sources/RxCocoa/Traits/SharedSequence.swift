import Foundation
import RxSwift
import Synchronization

/// How a `SharedSequence` shares its work and which scheduler it delivers on.
public protocol SharingStrategyProtocol {
    /// The scheduler the sequences deliver on (and run their timers on).
    static var scheduler: SchedulerType { get }

    /// Shares one subscription of `source` among subscribers.
    ///
    /// - Parameter source: The sequence shared.
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A type that is, or can be seen as, a `SharedSequence`.
public protocol SharedSequenceConvertibleType: ObservableConvertibleType {
    /// The sharing strategy (`DriverSharingStrategy`, `SignalSharingStrategy`).
    associatedtype SharingStrategy: SharingStrategyProtocol

    /// The sequence as a `SharedSequence`.
    func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

/// A sequence that never fails, delivers on its strategy's scheduler and shares its work among
/// subscribers. `Driver` and `Signal` are its two kinds.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType {
    let source: Observable<Element>

    /// Wraps `source`, shared by the strategy; `source` must deliver on the strategy's scheduler
    /// and never fail.
    init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
    }

    /// Wraps `source`, which is already shared.
    init(raw source: Observable<Element>) {
        self.source = source
    }

    /// The sequence as an `Observable`.
    public func asObservable() -> Observable<Element> { source }

    /// Returns `self`.
    public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> { self }

    /// Wraps `source` as it is, without sharing it or moving it to the strategy's scheduler. The
    /// caller promises what a shared sequence promises: `source` never fails, delivers on the
    /// strategy's scheduler and shares its work.
    ///
    /// - Parameter source: The sequence to wrap, which must already keep the strategy's promises.
    public static func createUnsafe<Source: ObservableType>(
        source: Source
    ) -> SharedSequence<SharingStrategy, Source.Element> {
        SharedSequence<SharingStrategy, Source.Element>(raw: source.asObservable())
    }
}

extension SharedSequenceConvertibleType {
    /// The sequence as an `Observable`, for types that declare only `asSharedSequence()`.
    public func asObservable() -> Observable<Element> {
        asSharedSequence().asObservable()
    }
}

/// The scheduler that `Driver` and `Signal` use: the main scheduler, replaceable in tests.
public enum SharingScheduler {
    private static let factory = Locked<@Sendable () -> SchedulerType>({ MainScheduler() })

    /// The factory bound by `withMock` for the current task (and the tasks it starts).
    @TaskLocal private static var taskFactory: (@Sendable () -> SchedulerType)?

    /// Makes the scheduler for a new shared sequence: the one `withMock` binds for the current
    /// task, else the one `mock` sets, else `MainScheduler()`.
    public static var make: @Sendable () -> SchedulerType {
        taskFactory ?? factory.withLock { $0 }
    }

    /// `mock(scheduler:action:)` for async code (a test that awaits, `test { }`): Drivers and
    /// Signals made while `operation` runs, in its task and the tasks it starts, use `scheduler`.
    /// The scheduler is bound to the task, not to the process, so tests running in parallel each
    /// keep their own.
    ///
    /// ```swift
    /// @Test @MainActor func showsTheLatestResult() async throws {
    ///     let scheduler = TestScheduler(initialClock: 0)
    ///     try await SharingScheduler.withMock(scheduler: scheduler) {
    ///         let model = ScreenModel(...)          // its Drivers run on `scheduler`
    ///         let titles = await scheduler.startSettling { model.title.asObservable() }
    ///         #expect(titles.events == [...])
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler that Drivers and Signals use while `operation` runs.
    ///   - isolation: The caller's actor: `operation` runs there.
    ///   - operation: The code that runs with the scheduler.
    /// - Returns: What `operation` returns.
    public static func withMock<Result>(
        scheduler: SchedulerType, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        // A scheduler may be used from any thread (the scheduler contract), though `SchedulerType`
        // is not `Sendable` so that RxSwift-era schedulers can conform.
        nonisolated(unsafe) let scheduler = scheduler
        return try await $taskFactory.withValue({ scheduler }, operation: operation, isolation: isolation)
    }

    /// Runs `action` with shared sequences using `scheduler` (for example a `TestScheduler`).
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler that Drivers and Signals use while `action` runs.
    ///   - action: The code that runs with the scheduler.
    public static func mock(scheduler: SchedulerType, action: () throws -> Void) rethrows {
        // A scheduler may be used from any thread (the scheduler contract, as in RxSwift), though
        // `SchedulerType` is not `Sendable` so that RxSwift-era schedulers can conform.
        nonisolated(unsafe) let scheduler = scheduler
        try mock(makeScheduler: { scheduler }, action: action)
    }

    /// Runs `action` with shared sequences using schedulers from `makeScheduler`.
    ///
    /// - Parameters:
    ///   - makeScheduler: Makes the scheduler that Drivers and Signals use while `action` runs.
    ///   - action: The code that runs with the scheduler.
    public static func mock(makeScheduler: @escaping @Sendable () -> SchedulerType, action: () throws -> Void) rethrows
    {
        let previous = factory.withLock { current in
            defer { current = makeScheduler }
            return current
        }
        defer { factory.withLock { $0 = previous } }
        try action()
    }
}

extension ObservableConvertibleType {
    /// The sequence delivered on `Strategy`'s scheduler and shared by `Strategy`: how the
    /// `asDriver` / `asSignal` families build theirs. `recover` gives the sequence to continue
    /// with after an error; `nil` for sources that cannot fail (relays, Infallible).
    func shared<Strategy: SharingStrategyProtocol>(
        by _: Strategy.Type, recover: ((Swift.Error) -> Observable<Element>)?
    ) -> SharedSequence<Strategy, Element> {
        let delivered = asObservable().observe(on: Strategy.scheduler)
        guard let recover else { return SharedSequence(delivered) }
        return SharedSequence(delivered.catch(recover))
    }
}

extension ObservableConvertibleType {
    /// The sequence as a `SharedSequence` of strategy `S` that emits `onErrorJustReturn` and
    /// completes instead of failing.
    ///
    /// - Parameters:
    ///   - sharingStrategy: The sharing strategy (Driver's or Signal's).
    ///   - onErrorJustReturn: The element emitted, before completing, in place of an error.
    public func asSharedSequence<S>(
        sharingStrategy: S.Type = S.self, onErrorJustReturn: Element
    ) -> SharedSequence<S, Element> {
        shared(by: S.self) { _ in .just(onErrorJustReturn) }
    }

    /// The sequence as a `SharedSequence` of strategy `S` that continues with `onErrorDriveWith`
    /// instead of failing.
    ///
    /// - Parameters:
    ///   - sharingStrategy: The sharing strategy (Driver's or Signal's).
    ///   - onErrorDriveWith: The sequence to continue with in place of an error.
    public func asSharedSequence<S>(
        sharingStrategy: S.Type = S.self, onErrorDriveWith: SharedSequence<S, Element>
    ) -> SharedSequence<S, Element> {
        shared(by: S.self) { _ in onErrorDriveWith.asObservable() }
    }

    /// The sequence as a `SharedSequence` of strategy `S` that continues with the sequence
    /// `onErrorRecover` returns for the error instead of failing.
    ///
    /// - Parameters:
    ///   - sharingStrategy: The sharing strategy (Driver's or Signal's).
    ///   - onErrorRecover: Makes the sequence to continue with in place of an error.
    public func asSharedSequence<S>(
        sharingStrategy: S.Type = S.self,
        onErrorRecover: @escaping (_ error: Swift.Error) -> SharedSequence<S, Element>
    ) -> SharedSequence<S, Element> {
        shared(by: S.self) { onErrorRecover($0).asObservable() }
    }
}

/// Wraps a control's sequence, which cannot fail and already delivers on the main thread. An error
/// would be a bug in the control: debug builds report it through `Hooks.bindingErrorHandler`
/// (which stops), release builds complete instead.
func unfailing<Element>(_ source: Observable<Element>, _ name: String) -> Observable<Element> {
    source.catch { error in
        Hooks.bindingErrorHandler(error, name)
        return .empty()
    }
}

extension SharedSequenceConvertibleType {
    /// Applies an `Observable` operator and shares the result by the same strategy.
    func lift<Result>(
        _ transform: (Observable<Element>) -> Observable<Result>
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(transform(asObservable()))
    }

    // MARK: creation
    //
    // As in RxSwift: `just` and `empty` subscribe on the sharing scheduler and emit from there;
    // `of` and `from` emit their elements on it, one scheduler step per element (on the main
    // thread with nothing queued, all arrive before `drive` returns).

    /// A sequence of one element.
    ///
    /// - Parameter element: The only element.
    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.just(element).subscribe(on: SharingStrategy.scheduler))
    }

    /// A sequence that completes at once.
    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.empty().subscribe(on: SharingStrategy.scheduler))
    }

    /// A sequence that never emits.
    public static func never() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: .never())
    }

    /// Creates the sequence at subscription time.
    ///
    /// - Parameter factory: Makes the sequence for each subscription; a thrown error fails it.
    public static func deferred(
        _ factory: @escaping @isolated(any) () -> SharedSequence<SharingStrategy, Element>
    ) -> SharedSequence<SharingStrategy, Element> {
        // On the factory's actor, as `Observable.deferred` runs its factory.
        let (factory, actor) = Isolation.split(factory)
        return SharedSequence(Observable.deferred { factory().asObservable() }.subscribed(on: actor))
    }

    /// A sequence of `elements`.
    ///
    /// - Parameter elements: The elements, in order.
    public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(elements, scheduler: SharingStrategy.scheduler))
    }

    /// A sequence of the elements of `array`.
    ///
    /// - Parameter array: The elements.
    public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
    }

    /// A sequence of the elements of `sequence`.
    ///
    /// - Parameter sequence: The elements, in order.
    public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence<SharingStrategy, Element>
    where Sequence.Element == Element {
        SharedSequence(raw: Observable.from(sequence, scheduler: SharingStrategy.scheduler))
    }

    /// A sequence of the wrapped value, or empty for `nil`.
    ///
    /// - Parameter optional: The element, if any.
    public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(optional: optional, scheduler: SharingStrategy.scheduler))
    }

    /// Merges `sources`.
    ///
    /// - Parameter sources: The sources.
    public static func merge(
        _ sources: SharedSequence<SharingStrategy, Element>...
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(.merge(sources.map { $0.asObservable() }))
    }

    /// Merges `sources`.
    ///
    /// - Parameter sources: The sources.
    public static func merge<Collection: Swift.Collection>(
        _ sources: Collection
    ) -> SharedSequence<SharingStrategy, Element> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(.merge(sources.map { $0.asObservable() }))
    }

    /// Concatenates `sequence`'s sources.
    ///
    /// - Parameter sequence: The sequences, subscribed to one after another.
    public static func concat<Sequence: Swift.Sequence>(
        _ sequence: Sequence
    ) -> SharedSequence<SharingStrategy, Element> where Sequence.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(.concat(sequence.map { $0.asObservable() }))
    }
}

extension SharedSequenceConvertibleType where Element: RxAbstractInteger {
    /// Emits 0, 1, 2, … every `period` on the sharing scheduler.
    ///
    /// - Parameter period: The time between two elements.
    public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(.interval(period, scheduler: SharingStrategy.scheduler))
    }

    /// Emits 0 after `dueTime`, then counts every `period`, on the sharing scheduler.
    ///
    /// - Parameters:
    ///   - dueTime: How long until the first element.
    ///   - period: The time between the following elements (nil: one element only).
    public static func timer(
        _ dueTime: RxTimeInterval, period: RxTimeInterval
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
    }
}
