import Foundation
internal import OpenRxShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Work queued on one thread by `CurrentThreadScheduler`; lives in that thread's local storage.
final class Trampoline {
    // A trampoline belongs to one thread (a thread-local value), so accesses cannot overlap and
    // the run-time exclusivity checks (`@exclusivity(unchecked)`) would only cost time on every
    // subscription.
    /// Whether an action runs on this trampoline.
    @exclusivity(unchecked) var isRunning = false
    @exclusivity(unchecked) var queue = Outbox<TrampolineItem>()
    /// How many inner subscriptions (flatMap family) are nested on this thread's stack.
    @exclusivity(unchecked) var innerSubscriptionDepth = 0
    /// The traced stage whose work this thread is doing (subscribing it, or delivering to it),
    /// if any: what it subscribes is recorded under it (`RxTrace`).
    @exclusivity(unchecked) var traceContext: TraceContext?
    /// Whether a `Teardown` loop runs on this thread, and what the objects of a chain released
    /// here handed over to it, to be released one after another.
    @exclusivity(unchecked) var tearingDown = false
    @exclusivity(unchecked) var teardown: [Teardown.Step] = []
}

/// An action queued on a trampoline.
class TrampolineItem: Cancelable, @unchecked Sendable {
    // @unchecked Sendable: the cancellation state is `result`, a SingleAssignmentDisposable.
    let result = SingleAssignmentDisposable()
    var isDisposed: Bool { result.isDisposed }
    func dispose() { result.dispose() }
    func invoke() { rxAbstractMethod() }
}

/// A step queued for the stack to unwind (`CurrentThreadScheduler.whenTheStackUnwinds`).
final class DeferredStep: TrampolineItem, @unchecked Sendable {
    // @unchecked Sendable: immutable, and only run by the queuing thread.
    private let context: TraceContext?
    private let action: () -> Void

    init(context: TraceContext?, action: @escaping () -> Void) {
        self.context = context
        self.action = action
    }

    override func invoke() {
        TraceContext.with(context, action)
    }
}

final class StatefulTrampolineItem<State>: TrampolineItem, @unchecked Sendable {
    // @unchecked Sendable: `state` and `action` are immutable and only run by the queuing thread.
    private let state: State
    private let action: (State) -> Disposable

    init(state: State, action: @escaping (State) -> Disposable) {
        self.state = state
        self.action = action
    }

    override func invoke() {
        if !isDisposed { result.setDisposable(action(state)) }
    }
}

/// Runs work on the current thread. Work scheduled while the scheduler is already running on this
/// thread is queued and run after the current action returns (trampolining), so recursive
/// scheduling never grows the stack.
public final class CurrentThreadScheduler: ImmediateSchedulerType, Sendable {
    /// The shared instance.
    public static let instance = CurrentThreadScheduler()

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            Unmanaged<Trampoline>.fromOpaque(pointer).release()
            #else
            guard let pointer else { return }
            Unmanaged<Trampoline>.fromOpaque(pointer).release()
            #endif
        }
        precondition(status == 0, "CurrentThreadScheduler: pthread_key_create failed")
        return key
    }()

    private init() {}

    static var trampoline: Trampoline {
        unretainedTrampoline.takeUnretainedValue()
    }

    /// This thread's trampoline, made on first use, as a reference that the thread's local
    /// storage keeps alive for as long as the thread runs: code that uses it only during one call
    /// (through `_withUnsafeGuaranteedRef`) needs no retain and release of its own (about 40
    /// instructions on every subscription).
    static var unretainedTrampoline: Unmanaged<Trampoline> {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Trampoline>.fromOpaque(pointer)
        }
        let trampoline = Unmanaged.passRetained(Trampoline())
        pthread_setspecific(key, trampoline.toOpaque())
        return trampoline
    }

    /// What a nested subscription on this thread does: runs at once (the trampoline runs), waits
    /// for the stack to unwind (the stack is low: `whenTheStackUnwinds`), or starts the
    /// trampoline (idle).
    enum NestedSubscription {
        case now, whenTheStackUnwinds, onIdleTrampoline
    }

    /// This thread's answer: its low-stack mark, then (a function of its own, so that a caller's
    /// frame keeps no closure for it) one look-up of the trampoline.
    @inline(__always)
    static var nestedSubscription: NestedSubscription {
        if _slowPath(openrx_stack_is_low()) { return .whenTheStackUnwinds }
        return unretainedTrampoline._withUnsafeGuaranteedRef { $0.isRunning } ? .now : .onIdleTrampoline
    }

    /// Whether the stack is low on this thread: a delivery or subscription that would go further
    /// down is queued on the trampoline instead (`whenTheStackUnwinds`). One thread-local read.
    @inline(__always)
    static var mustWaitForTheStack: Bool {
        openrx_stack_is_low()
    }

    /// Runs `body` on this thread's idle trampoline as if the stack were low everywhere in it,
    /// then runs what it queued with the real mark, or, `evenWhileUnwinding`, still as if the
    /// stack were low (a thread whose stack was low where its trampoline started): tests of
    /// what waits for the stack to unwind.
    static func runWithTheStackLowForTesting(evenWhileUnwinding: Bool = false, _ body: () -> Void) {
        let trampoline = Self.trampoline
        precondition(!trampoline.isRunning, "runWithTheStackLowForTesting: the trampoline already runs")
        trampoline.isRunning = true
        openrx_set_stack_limit(.max)
        body()
        if !evenWhileUnwinding { openrx_set_stack_limit(openrx_stack_mark()) }
        trampoline.runQueuedAndStop()
        openrx_set_stack_limit(openrx_stack_mark())
    }

    /// Runs `body` with this thread's trampoline idle, as if the stack were low everywhere in it
    /// (a scheduler's thread deep in a chain, where no subscription started the trampoline):
    /// tests of a trampoline started where the stack got low.
    static func runWithTheStackLowOutsideTheTrampolineForTesting(_ body: () -> Void) {
        let trampoline = Self.trampoline
        precondition(!trampoline.isRunning, "runWithTheStackLowOutsideTheTrampolineForTesting: the trampoline runs")
        openrx_set_stack_limit(.max)
        body()
        openrx_set_stack_limit(openrx_stack_mark())
    }

    /// Queues `action` on this thread's running trampoline, to run once the stack has unwound
    /// to it, with the traced stage this thread works for now (`RxTrace`). When the trampoline is
    /// idle (the stack got low outside a subscription: a completion cascading through a deep
    /// chain on a scheduler's thread), it starts here: `action` runs at once, and what it asks
    /// for further down waits for the stack to unwind to this frame.
    static func whenTheStackUnwinds(_ action: @escaping () -> Void) {
        unretainedTrampoline._withUnsafeGuaranteedRef { trampoline in
            if trampoline.isRunning {
                trampoline.queue.append(DeferredStep(context: trampoline.traceContext, action: action))
            } else {
                trampoline.run(action)
            }
        }
    }

    /// Whether a call to `schedule` would run its action immediately (nothing is running on this
    /// thread's trampoline).
    public static var isScheduleRequired: Bool {
        !trampoline.isRunning
    }

    /// Runs `action` now if the trampoline is idle on this thread (then runs what it queued);
    /// otherwise queues it behind the running action.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - action: The work to run.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let trampoline = Self.trampoline
        if trampoline.isRunning {
            let item = StatefulTrampolineItem(state: state, action: action)
            trampoline.queue.append(item)
            return item
        }
        return trampoline.run { action(state) }
    }
}

extension CurrentThreadScheduler {
    /// How deep inner subscriptions may nest on the stack before they are queued on the
    /// trampoline instead.
    static let maxInnerSubscriptionDepth = 32

    /// Whether an inner subscription of the flatMap family may be made at once, as RxSwift does
    /// (so a synchronous inner sequence emits before the outer sequence's next element): it may,
    /// and this returns the thread's trampoline, unless `maxInnerSubscriptionDepth` inner
    /// subscriptions are already nested on this thread's stack; then the caller subscribes
    /// through the trampoline instead, so that thousands of nested flatMaps use bounded stack.
    /// A non-nil answer must be handed back to `endInnerSubscription(_:)`.
    ///
    /// (Two calls instead of one taking a closure: a closure made in the callers' generic context
    /// would be allocated for every element.)
    static func beginInnerSubscription() -> Unmanaged<Trampoline>? {
        let trampoline = unretainedTrampoline
        let allowed = trampoline._withUnsafeGuaranteedRef { trampoline in
            guard trampoline.innerSubscriptionDepth < maxInnerSubscriptionDepth else { return false }
            trampoline.innerSubscriptionDepth += 1
            return true
        }
        return allowed ? trampoline : nil
    }

    /// Ends an inner subscription that `beginInnerSubscription()` allowed.
    static func endInnerSubscription(_ trampoline: Unmanaged<Trampoline>) {
        trampoline._withUnsafeGuaranteedRef { $0.innerSubscriptionDepth -= 1 }
    }
}

extension Trampoline {
    /// Runs `body` as the trampoline's first action, then everything it queued. The trampoline
    /// must be idle.
    func run<Result>(_ body: () -> Result) -> Result {
        isRunning = true
        let result = body()
        runQueuedAndStop()
        return result
    }

    /// The end of a run: everything queued, in order, then the trampoline is idle again. For a
    /// caller that set `isRunning` itself and ran its first action without a closure.
    func runQueuedAndStop() {
        while let item = queue.popFirst() {
            item.invoke()
        }
        isRunning = false
    }
}
