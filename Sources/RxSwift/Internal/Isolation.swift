import Dispatch
import Foundation
import Synchronization

// Every closure-taking API takes its closures as `@isolated(any)`: each closure carries its own
// isolation, as Swift inferred it where the closure was written. A closure written in `@MainActor`
// code (or in an actor's method) that is not `@Sendable` belongs to that actor; a `@Sendable`
// closure, a nonisolated function, or a closure written in nonisolated code belongs to none.
//
// The operator reads that isolation once, where the sequence is built, and calls the closure
// synchronously through a plain function value of the same type (`Isolation.split`). A closure
// that belongs to an actor is then always called on that actor, never elsewhere, and never stops
// the program: the operator confines its source to the actor, as `observe(on:)` and
// `subscribe(on:)` would (`delivered(on:)`, `subscribed(on:)`, `Isolation.performing(_:on:)`).
// Events that already arrive on that actor go through synchronously; events that arrive on
// another thread are delivered on the actor, in order, and never after disposal or a terminal
// event. A closure of no actor runs where the events arrive, as in RxSwift.
// ARCHITECTURE.md, "Closures run on their own isolation", gives the reasons and the measurements.

/// Reads a closure's isolation and calls it synchronously.
@usableFromInline
package enum Isolation {
    // An `@isolated(any)` function value is a plain thick function (the same size and calling
    // convention) whose context begins with its isolation: `unsafeBitCast` to the same function
    // type without the attribute gives the function itself. The casts are made in generic code,
    // where both types have the same abstraction, so no reabstraction thunk is added.

    /// The closure as a synchronous function, and the actor it belongs to (nil: none).
    @inlinable @inline(__always)
    package static func split<A, R>(_ body: @escaping @isolated(any) (A) throws -> R) -> ((A) throws -> R, (any Actor)?)
    {
        (unsafeBitCast(body, to: ((A) throws -> R).self), body.isolation)
    }

    /// The closure as a synchronous function, and the actor it belongs to (nil: none).
    @inlinable @inline(__always)
    package static func split<A, R>(_ body: @escaping @isolated(any) (A) -> R) -> ((A) -> R, (any Actor)?) {
        (unsafeBitCast(body, to: ((A) -> R).self), body.isolation)
    }

    /// The closure as a synchronous function, and the actor it belongs to (nil: none).
    @inlinable @inline(__always)
    package static func split<A, B, R>(
        _ body: @escaping @isolated(any) (A, B) throws -> R
    ) -> ((A, B) throws -> R, (any Actor)?) {
        (unsafeBitCast(body, to: ((A, B) throws -> R).self), body.isolation)
    }

    /// The closure as a synchronous function, and the actor it belongs to (nil: none).
    @inlinable @inline(__always)
    package static func split<A, B, R>(_ body: @escaping @isolated(any) (A, B) -> R) -> ((A, B) -> R, (any Actor)?) {
        (unsafeBitCast(body, to: ((A, B) -> R).self), body.isolation)
    }

    /// The closure as a synchronous function, and the actor it belongs to (nil: none).
    @inlinable @inline(__always)
    package static func split<R>(_ body: @escaping @isolated(any) () throws -> R) -> (() throws -> R, (any Actor)?) {
        (unsafeBitCast(body, to: (() throws -> R).self), body.isolation)
    }

    /// The closure as a synchronous function, and the actor it belongs to (nil: none).
    @inlinable @inline(__always)
    package static func split<R>(_ body: @escaping @isolated(any) () -> R) -> (() -> R, (any Actor)?) {
        (unsafeBitCast(body, to: (() -> R).self), body.isolation)
    }

    // The closures whose type names `Bool`, `Void` or `inout` are cast inside a pair of structs
    // ("IsolatedShape", at the end of this file): cast as bare functions through `unsafeBitCast`'s
    // generic parameter, they would be reabstracted on the way in and out, two thunks on every
    // call (measured: a predicate call of 14 instructions became 59).

    /// The selector as a synchronous function, and the actor it belongs to (nil: none).
    @inlinable @inline(__always)
    package static func split<A, R>(
        _ body: @escaping @isolated(any) (A) throws -> Observable<R>
    ) -> ((A) throws -> Observable<R>, (any Actor)?) {
        (unsafeBitCast(IsolatedSelector(body), to: PlainSelector<A, R>.self).body, body.isolation)
    }

    /// The predicate as a synchronous function, and the actor it belongs to (nil: none).
    @inlinable @inline(__always)
    package static func split<A>(
        _ body: @escaping @isolated(any) (A) throws -> Bool
    ) -> ((A) throws -> Bool, (any Actor)?) {
        (unsafeBitCast(Isolated1(body), to: Plain1<A>.self).body, body.isolation)
    }

    /// The predicate as a synchronous function, and the actor it belongs to (nil: none).
    @inlinable @inline(__always)
    package static func split<A>(_ body: @escaping @isolated(any) (A) -> Bool) -> ((A) -> Bool, (any Actor)?) {
        (unsafeBitCast(Isolated2(body), to: Plain2<A>.self).body, body.isolation)
    }

    /// The comparer as a synchronous function, and the actor it belongs to (nil: none).
    @inlinable @inline(__always)
    package static func split<A>(
        _ body: @escaping @isolated(any) (A, A) throws -> Bool
    ) -> ((A, A) throws -> Bool, (any Actor)?) {
        (unsafeBitCast(Isolated3(body), to: Plain3<A>.self).body, body.isolation)
    }

    /// The closure as a synchronous function, and the actor it belongs to (nil: none).
    @inlinable @inline(__always)
    package static func split<A>(_ body: @escaping @isolated(any) (A) -> Void) -> ((A) -> Void, (any Actor)?) {
        (unsafeBitCast(Isolated4(body), to: Plain4<A>.self).body, body.isolation)
    }

    /// The action as a synchronous function, and the actor it belongs to (nil: none).
    @inlinable @inline(__always)
    package static func split(_ body: @escaping @isolated(any) () -> Void) -> (() -> Void, (any Actor)?) {
        (unsafeBitCast(Isolated5(body), to: Plain5.self).body, body.isolation)
    }

    /// The accumulator as a synchronous function, and the actor it belongs to (nil: none).
    @inlinable @inline(__always)
    package static func split<A, B>(
        _ body: @escaping @isolated(any) (inout A, B) throws -> Void
    ) -> ((inout A, B) throws -> Void, (any Actor)?) {
        (unsafeBitCast(Isolated6(body), to: Plain6<A, B>.self).body, body.isolation)
    }

    /// The optional closure as a synchronous function, and the actor it belongs to.
    @inlinable @inline(__always)
    package static func split<A>(_ body: (@isolated(any) (A) -> Void)?) -> (((A) -> Void)?, (any Actor)?) {
        (unsafeBitCast(Isolated7(body), to: Plain7<A>.self).body, body?.isolation)
    }

    /// The optional closure as a synchronous function, and the actor it belongs to.
    @inlinable @inline(__always)
    package static func split<A>(_ body: (@isolated(any) (A) throws -> Void)?) -> (((A) throws -> Void)?, (any Actor)?)
    {
        (unsafeBitCast(Isolated8(body), to: Plain8<A>.self).body, body?.isolation)
    }

    /// The optional closure as a synchronous function, and the actor it belongs to.
    @inlinable @inline(__always)
    package static func split<A, B>(_ body: (@isolated(any) (A, B) -> Void)?) -> (((A, B) -> Void)?, (any Actor)?) {
        (unsafeBitCast(Isolated9(body), to: Plain9<A, B>.self).body, body?.isolation)
    }

    /// The optional closure as a synchronous function, and the actor it belongs to.
    @inlinable @inline(__always)
    package static func split(_ body: (@isolated(any) () -> Void)?) -> ((() -> Void)?, (any Actor)?) {
        (unsafeBitCast(Isolated10(body), to: Plain10.self).body, body?.isolation)
    }

    /// The optional closure as a synchronous function, and the actor it belongs to.
    @inlinable @inline(__always)
    package static func split(_ body: (@isolated(any) () throws -> Void)?) -> ((() throws -> Void)?, (any Actor)?) {
        (unsafeBitCast(Isolated11(body), to: Plain11.self).body, body?.isolation)
    }

    /// The first actor among the isolations of an API's closures (they were written together).
    @inlinable @inline(__always)
    package static func first(_ a: (any Actor)?, _ b: (any Actor)?) -> (any Actor)? { a ?? b }

    /// The first actor among the isolations of an API's closures.
    /// The first actor among the isolations of an API's closures.
    @inlinable @inline(__always)
    package static func first(_ a: (any Actor)?, _ b: (any Actor)?, _ c: (any Actor)?) -> (any Actor)? {
        a ?? b ?? c
    }

    /// The first actor among the isolations of an API's closures.
    @inlinable @inline(__always)
    package static func first(
        _ a: (any Actor)?, _ b: (any Actor)?, _ c: (any Actor)?, _ d: (any Actor)?
    ) -> (any Actor)? {
        a ?? b ?? c ?? d
    }

    /// The first actor among the isolations of an API's closures.
    @inlinable @inline(__always)
    package static func first(
        _ a: (any Actor)?, _ b: (any Actor)?, _ c: (any Actor)?, _ d: (any Actor)?, _ e: (any Actor)?,
        _ f: (any Actor)?
    ) -> (any Actor)? {
        a ?? b ?? c ?? d ?? e ?? f
    }

    /// `body`, run on `actor` with each value it is called with, in order: at once when called
    /// there (on main, for the main actor) with nothing waiting, otherwise as soon as the actor
    /// can (as given when `actor` is nil). For an observer's closure (`AnyObserver`).
    @usableFromInline
    package static func delivering<A>(_ body: @escaping (A) -> Void, on actor: (any Actor)?) -> (A) -> Void {
        guard let actor else { return body }
        if isMain(actor) {
            let order = MainOrder()
            return { value in order.run { body(value) } }
        }
        let scheduler = scheduler(for: actor)
        return { value in
            _ = scheduler.schedule(value) { value in
                body(value)
                return Disposables.create()
            }
        }
    }

    #if DEBUG
    /// The places already warned of ("operator at place").
    private static let warned = Locked<Set<String>>([])

    /// Lets the closures of the main actor after a background `observe(on:)` warn again (tests).
    package static func forgetWarnings() {
        warned.withLock { $0 = [] }
    }

    /// Says in debug builds, once per place (the operator and the user's function, file and line
    /// that called it, where the debug information tells), that a closure of the main actor right
    /// after `observe(on:)` a background scheduler runs on main, and how to run it on that
    /// scheduler.
    static func warnOfMainActorClosureAfterBackgroundScheduler(operator operatorName: String) {
        let place = CallerPlace.here()
        let key = place.map { "\(operatorName) at \($0)" } ?? operatorName
        guard warned.withLock({ $0.insert(key).inserted }) else { return }
        let subject = place.map { "the closure of `\(operatorName)` in \($0)" } ?? "the closure of `\(operatorName)`"
        Hooks.warn(
            """
            OpenRx: \(subject) belongs to the main actor and follows `observe(on:)` a background \
            scheduler. It runs on main (its events are delivered there), not on that scheduler. To \
            run it on the scheduler, mark it `@Sendable` (`.map { @Sendable value in … }`) or pass a \
            function declared `nonisolated` (`.map(parse)` with `nonisolated func parse`); to run it \
            on main, nothing needs to change. (Said once for this \(place == nil ? "operator" : "place").)
            """)
    }
    #endif

    /// Whether `actor` is the main actor.
    @usableFromInline
    package static func isMain(_ actor: any Actor) -> Bool {
        (actor as AnyObject) === MainActor.shared
    }

    /// The scheduler that runs work on `actor`: for the main actor, at once when called on main
    /// and otherwise on the main queue; for another actor, on its executor, in order.
    @usableFromInline
    package static func scheduler(for actor: any Actor) -> ImmediateSchedulerType {
        isMain(actor) ? MainActorScheduler.instance : ActorScheduler(actor)
    }

    /// `scheduler`, each action then run on `actor` (as given when `actor` is nil): for the
    /// closures of a sequence that runs them in scheduled actions (`generate`).
    @usableFromInline
    package static func scheduler(
        _ scheduler: ImmediateSchedulerType, then actor: (any Actor)?
    ) -> ImmediateSchedulerType {
        guard let actor else { return scheduler }
        return HoppingScheduler(first: scheduler, then: Isolation.scheduler(for: actor))
    }

    /// `action`, run on `actor` whenever it is called: at once when called there (on main, for
    /// the main actor), otherwise as soon as the actor can (as given when `actor` is nil). For the
    /// closures that run when a subscription ends (`Disposables.create`, `onDisposed`).
    @usableFromInline
    package static func performing(_ action: @escaping () -> Void, on actor: (any Actor)?) -> () -> Void {
        guard actor != nil else { return action }
        let deliver = delivering({ (_: Void) in action() }, on: actor)
        return { deliver(()) }
    }
}

extension ObservableType {
    /// This sequence with its events delivered on `actor`: synchronously when they arrive there,
    /// otherwise on it, in order, as `observe(on:)` delivers them (as given when `actor` is nil).
    /// Put before an operator whose closure belongs to `actor`; a chain whose events already
    /// arrive on `actor` (an earlier operator of the same actor, `observe(on:)` its scheduler)
    /// gets nothing more.
    /// `operatorName` names the operator in the debug build's warning (the caller's name, by
    /// default).
    @inlinable @inline(__always)
    package func delivered(
        on actor: (any Actor)?, operator operatorName: StaticString = #function
    ) -> Observable<Element> {
        guard let actor else { return asObservable() }
        return asObservable().delivered(onActor: actor, operator: operatorName)
    }

    /// This sequence subscribed on `actor` (and disposed there, as `subscribe(on:)` does): for
    /// the closures that run when a subscription is made (`create`, `deferred`, `using`, …).
    @inlinable @inline(__always)
    package func subscribed(on actor: (any Actor)?) -> Observable<Element> {
        guard let actor else { return asObservable() }
        return asObservable().subscribe(on: Isolation.scheduler(for: actor))
    }
}

extension Observable {
    /// `delivered(on:)` for an actor.
    @usableFromInline
    func delivered(onActor actor: any Actor, operator operatorName: StaticString = #function) -> Observable<Element> {
        #if DEBUG
        if let observeOn = self as? ObserveOnObservable<Element>, observeOn.deliveryActor == nil,
            Isolation.isMain(actor)
        {
            Isolation.warnOfMainActorClosureAfterBackgroundScheduler(operator: "\(operatorName)")
        }
        #endif
        return confined(toActor: actor)
    }

    /// This sequence with its events delivered on `actor` (`observe(on:)` an actor).
    func confined(toActor actor: any Actor) -> Observable<Element> {
        if let delivering = self as? ActorDelivering, let current = delivering.deliveryActor,
            (current as AnyObject) === (actor as AnyObject)
        {
            return self
        }
        if Isolation.isMain(actor) {
            return (self as? ProducedSequence<Element>)?.confinedToMain() ?? MainActorDeliveryObservable(source: self)
        }
        return observe(on: ActorScheduler(actor))
    }
}

/// A sequence that knows the actor its events arrive on (`observe(on:)` an actor's scheduler, and
/// the operators that keep their source's thread).
protocol ActorDelivering {
    /// The actor every event arrives on, if known.
    var deliveryActor: (any Actor)? { get }
}

/// Runs the work given to it on main, in the order it was given: at once when given on main with
/// none of its own waiting, otherwise as a block of the main queue (one per piece of work). For an
/// observer's closure of the main actor (`Isolation.delivering`); the events of a sequence use
/// `MainActorDeliverySink`, which keeps the same count in itself.
final class MainOrder: @unchecked Sendable {
    // @unchecked Sendable: its only state is the `waiting` atomic.
    private let waiting = Atomic<Int>(0)

    func run(_ work: @escaping () -> Void) {
        if waiting.load(ordering: .acquiring) == 0 && MainScheduler.isOnMain { return work() }
        waiting.add(1, ordering: .acquiringAndReleasing)
        let queued = UncheckedBox((self, work))
        // The tuple's fields are read in place: destructured into locals here, a debug build's
        // test run crashed on an over-release when the block was destroyed (not reduced to a
        // small program).
        MainQueue.async {
            queued.value.1()
            queued.value.0.waiting.subtract(1, ordering: .releasing)
        }
    }
}

/// Runs work on main: at once when called there (on the main thread or in a block of the main
/// queue), otherwise on the main queue. Unlike `MainScheduler.instance` it runs at once even while
/// other main-scheduler work is running, so that the subscription (`subscribed(on:)`) or the
/// clean-up (`Isolation.performing`) of a closure of the main actor made on main happens in the
/// same turn as it would have without the confinement.
final class MainActorScheduler: ImmediateSchedulerType, Sendable {
    static let instance = MainActorScheduler()

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if MainScheduler.isOnMain { return action(state) }
        return scheduleOnMainQueue(state, action: action)
    }

    /// `schedule` off main. Apart, so that the path on main looks up no metadata of the pair
    /// below (about 500 CPU instructions per call, measured on workload 16).
    @inline(never)
    private func scheduleOnMainQueue<StateType>(
        _ state: StateType, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        let work = UncheckedBox((state, action))
        MainQueue.async {
            if !cancel.isDisposed { cancel.setDisposable(work.value.1(work.value.0)) }
        }
        return cancel
    }
}

/// Runs each action on `first`, then from there on `then` (`Isolation.scheduler(_:then:)`).
final class HoppingScheduler: ImmediateSchedulerType, @unchecked Sendable {
    // @unchecked Sendable: both schedulers are immutable and may be called from any thread (the
    // scheduler protocol's contract).
    private let first: ImmediateSchedulerType
    private let then: ImmediateSchedulerType

    init(first: ImmediateSchedulerType, then: ImmediateSchedulerType) {
        self.first = first
        self.then = then
    }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let inner = SerialDisposable()
        let then = then
        let outer = first.schedule(state) { state in
            inner.disposable = then.schedule(state, action: action)
            return inner
        }
        return Disposables.create(outer, inner)
    }
}

/// Runs work on an actor's executor, in the order it was scheduled, one action at a time.
/// Never runs an action at once: the caller may or may not be on the actor, which Swift lets no
/// code ask without stopping. Holds the actor weakly, so that a subscription the actor keeps
/// (in a dispose bag of its own) does not keep it alive; once it is gone, nothing more runs.
final class ActorScheduler: ImmediateSchedulerType, @unchecked Sendable {
    // @unchecked Sendable: `queue` is guarded by its `Mutex` (`Locked`); `actor` is a weak
    // reference set once, read atomically by the runtime.
    weak let actor: (any Actor)?
    /// The actions waiting; the delivering role is held by the task draining them on `actor`.
    private let queue = Locked(DeliveryQueue<UncheckedBox<() -> Void>>())

    init(_ actor: any Actor) {
        self.actor = actor
    }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        let work = UncheckedBox<() -> Void>({
            if !cancel.isDisposed { cancel.setDisposable(action(state)) }
        })
        if queue.withLock({ $0.enqueue(work) }) {
            let scheduler = UncheckedBox(self)
            Task {
                if let actor = scheduler.value.actor {
                    await Self.drain(scheduler.value, on: actor)
                } else {
                    // Dropped, and the role given up (`next()` finds nothing).
                    _ = scheduler.value.queue.withLock { queue in
                        queue.removeAll()
                        return queue.next()
                    }
                }
            }
        }
        return cancel
    }

    /// Runs the queued actions on `actor` until none is left, then gives the role up.
    private static func drain(_ scheduler: ActorScheduler, on actor: isolated any Actor) {
        while let next = scheduler.queue.withLock({ $0.next() }) { next.value() }
    }
}

// IsolatedShape: each pair below has the same layout, one stored function, with and without
// `@isolated(any)`, at the same abstraction (the field's own type), so the cast between them
// reinterprets the function value and nothing else.

/// `Isolation.split`'s cast for a selector `(A) throws -> Observable<R>` (see "IsolatedShape"
/// above): the `flatMap` family's selectors, stored and called at this concrete abstraction.
@usableFromInline
struct IsolatedSelector<A, R> {
    @usableFromInline let body: @isolated(any) (A) throws -> Observable<R>
    @inlinable init(_ body: @escaping @isolated(any) (A) throws -> Observable<R>) { self.body = body }
}

/// `IsolatedSelector` without the isolation.
@usableFromInline
struct PlainSelector<A, R> {
    @usableFromInline let body: (A) throws -> Observable<R>
}

/// `Isolation.split`'s cast for `(A) throws -> Bool` (see "IsolatedShape" above).
@usableFromInline
struct Isolated1<A> {
    @usableFromInline let body: @isolated(any) (A) throws -> Bool
    @inlinable init(_ body: @escaping @isolated(any) (A) throws -> Bool) { self.body = body }
}

/// `Isolated1` without the isolation.
@usableFromInline
struct Plain1<A> {
    @usableFromInline let body: (A) throws -> Bool
}

/// `Isolation.split`'s cast for `(A) -> Bool` (see "IsolatedShape" above).
@usableFromInline
struct Isolated2<A> {
    @usableFromInline let body: @isolated(any) (A) -> Bool
    @inlinable init(_ body: @escaping @isolated(any) (A) -> Bool) { self.body = body }
}

/// `Isolated2` without the isolation.
@usableFromInline
struct Plain2<A> {
    @usableFromInline let body: (A) -> Bool
}

/// `Isolation.split`'s cast for `(A, A) throws -> Bool` (see "IsolatedShape" above).
@usableFromInline
struct Isolated3<A> {
    @usableFromInline let body: @isolated(any) (A, A) throws -> Bool
    @inlinable init(_ body: @escaping @isolated(any) (A, A) throws -> Bool) { self.body = body }
}

/// `Isolated3` without the isolation.
@usableFromInline
struct Plain3<A> {
    @usableFromInline let body: (A, A) throws -> Bool
}

/// `Isolation.split`'s cast for `(A) -> Void` (see "IsolatedShape" above).
@usableFromInline
struct Isolated4<A> {
    @usableFromInline let body: @isolated(any) (A) -> Void
    @inlinable init(_ body: @escaping @isolated(any) (A) -> Void) { self.body = body }
}

/// `Isolated4` without the isolation.
@usableFromInline
struct Plain4<A> {
    @usableFromInline let body: (A) -> Void
}

/// `Isolation.split`'s cast for `() -> Void` (see "IsolatedShape" above).
@usableFromInline
struct Isolated5 {
    @usableFromInline let body: @isolated(any) () -> Void
    @inlinable init(_ body: @escaping @isolated(any) () -> Void) { self.body = body }
}

/// `Isolated5` without the isolation.
@usableFromInline
struct Plain5 {
    @usableFromInline let body: () -> Void
}

/// `Isolation.split`'s cast for `(inout A, B) throws -> Void` (see "IsolatedShape" above).
@usableFromInline
struct Isolated6<A, B> {
    @usableFromInline let body: @isolated(any) (inout A, B) throws -> Void
    @inlinable init(_ body: @escaping @isolated(any) (inout A, B) throws -> Void) { self.body = body }
}

/// `Isolated6` without the isolation.
@usableFromInline
struct Plain6<A, B> {
    @usableFromInline let body: (inout A, B) throws -> Void
}

/// `Isolation.split`'s cast for an optional `(A) -> Void` (see "IsolatedShape" above).
@usableFromInline
struct Isolated7<A> {
    @usableFromInline let body: (@isolated(any) (A) -> Void)?
    @inlinable init(_ body: (@isolated(any) (A) -> Void)?) { self.body = body }
}

/// `Isolated7` without the isolation.
@usableFromInline
struct Plain7<A> {
    @usableFromInline let body: ((A) -> Void)?
}

/// `Isolation.split`'s cast for an optional `(A) throws -> Void` (see "IsolatedShape" above).
@usableFromInline
struct Isolated8<A> {
    @usableFromInline let body: (@isolated(any) (A) throws -> Void)?
    @inlinable init(_ body: (@isolated(any) (A) throws -> Void)?) { self.body = body }
}

/// `Isolated8` without the isolation.
@usableFromInline
struct Plain8<A> {
    @usableFromInline let body: ((A) throws -> Void)?
}

/// `Isolation.split`'s cast for an optional `(A, B) -> Void` (see "IsolatedShape" above).
@usableFromInline
struct Isolated9<A, B> {
    @usableFromInline let body: (@isolated(any) (A, B) -> Void)?
    @inlinable init(_ body: (@isolated(any) (A, B) -> Void)?) { self.body = body }
}

/// `Isolated9` without the isolation.
@usableFromInline
struct Plain9<A, B> {
    @usableFromInline let body: ((A, B) -> Void)?
}

/// `Isolation.split`'s cast for an optional `() -> Void` (see "IsolatedShape" above).
@usableFromInline
struct Isolated10 {
    @usableFromInline let body: (@isolated(any) () -> Void)?
    @inlinable init(_ body: (@isolated(any) () -> Void)?) { self.body = body }
}

/// `Isolated10` without the isolation.
@usableFromInline
struct Plain10 {
    @usableFromInline let body: (() -> Void)?
}

/// `Isolation.split`'s cast for an optional `() throws -> Void` (see "IsolatedShape" above).
@usableFromInline
struct Isolated11 {
    @usableFromInline let body: (@isolated(any) () throws -> Void)?
    @inlinable init(_ body: (@isolated(any) () throws -> Void)?) { self.body = body }
}

/// `Isolated11` without the isolation.
@usableFromInline
struct Plain11 {
    @usableFromInline let body: (() throws -> Void)?
}
