import Dispatch
import Floor
import Foundation
import OpenCombine
import OpenCombineDispatch
import RxRelay
import RxSwift

// The workloads, shared by the timing harness (Benchmarks/OpenRxBenchmarks) and the instruction
// counter (Sources/InstructionProbe). Each returns a checksum; the implementations must agree.
// `Workload.size` is the number of elements (or subscriptions) per run: report.py divides by it.

public struct Workload {
    public let name: String
    public let size: Int
    public let floor: () -> Int
    public let openRx: () -> Int
    /// `nil` where OpenCombine 0.14 has no equivalent operator.
    public let openCombine: (() -> Int)?
    /// The AsyncSequence idiom (`AsyncSequenceWorkloads.swift`); `nil` where there is none.
    public var asyncSequence: (() -> Int)? = nil
    /// The second floor, a subject written the simplest way (`SimplestSubject`), for the subject
    /// workloads; `nil` elsewhere. Counted by `instructions.sh` only when asked
    /// (`IMPLEMENTATIONS=simplest`).
    public var simplest: (() -> Int)? = nil
    /// The third floor, the same over an unlocked contiguous array of closures called in place
    /// (`UnlockedSubject`): "a closure call per observer". Counted when asked
    /// (`IMPLEMENTATIONS=unlocked`).
    public var unlocked: (() -> Int)? = nil

    /// The implementation named `name` ("floor", "OpenRx", "OpenCombine", "AsyncSequence"), if
    /// this workload has it.
    public func implementation(_ name: String) -> (() -> Int)? {
        switch name {
        case "floor": floor
        case "OpenRx": openRx
        case "OpenCombine": openCombine
        case "AsyncSequence": asyncSequence
        case "simplest": simplest
        case "unlocked": unlocked
        default: nil
        }
    }

    /// This workload with its second and third floors.
    func with(simplest: @escaping () -> Int, unlocked: @escaping () -> Int) -> Workload {
        var workload = self
        workload.simplest = simplest
        workload.unlocked = unlocked
        return workload
    }

    /// This workload with its AsyncSequence idiom.
    func with(asyncSequence: @escaping () -> Int) -> Workload {
        var workload = self
        workload.asyncSequence = asyncSequence
        return workload
    }
}

func rangeChain(_ elements: Int) -> Workload {
    Workload(
        name: "01 range>map>filter>map", size: elements,
        floor: {
            var sum = 0
            let head = floorMapFilterMap { sum &+= $0 }
            for value in 0..<elements { head(value) }
            return sum
        },
        openRx: {
            var sum = 0
            _ = Observable.range(start: 0, count: elements).map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
                .subscribe(onNext: { sum &+= $0 })
            return sum
        },
        openCombine: {
            var sum = 0
            _ = (0..<elements).publisher.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }.sink { sum &+= $0 }
            return sum
        })
}

func subjectChain(_ elements: Int) -> Workload {
    Workload(
        name: "02 subject>map>filter>map", size: elements,
        floor: {
            var sum = 0
            let subject = FloorSubject()
            _ = subject.subscribe(floorMapFilterMap { sum &+= $0 })
            for value in 0..<elements { subject.send(value) }
            return sum
        },
        openRx: {
            var sum = 0
            let subject = PublishSubject<Int>()
            let subscription = subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }.subscribe(onNext: {
                sum &+= $0
            })
            for value in 0..<elements { subject.onNext(value) }
            subscription.dispose()
            return sum
        },
        openCombine: {
            var sum = 0
            let subject = PassthroughSubject<Int, Never>()
            let cancellable = subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }.sink { sum &+= $0 }
            for value in 0..<elements { subject.send(value) }
            cancellable.cancel()
            return sum
        })
}

func fanOut(_ elements: Int) -> Workload {
    let sends = elements / 100
    return Workload(
        name: "03 subject to 100 subscribers", size: sends * 100,
        floor: {
            var sum = 0
            let subject = FloorSubject()
            for _ in 0..<100 { _ = subject.subscribe { sum &+= $0 } }
            for value in 0..<sends { subject.send(value) }
            return sum
        },
        openRx: {
            var sum = 0
            let subject = PublishSubject<Int>()
            let subscriptions = (0..<100).map { _ in subject.subscribe(onNext: { sum &+= $0 }) }
            for value in 0..<sends { subject.onNext(value) }
            subscriptions.forEach { $0.dispose() }
            return sum
        },
        openCombine: {
            var sum = 0
            let subject = PassthroughSubject<Int, Never>()
            let cancellables = (0..<100).map { _ in subject.sink { sum &+= $0 } }
            for value in 0..<sends { subject.send(value) }
            cancellables.forEach { $0.cancel() }
            return sum
        })
}

func subscribeDispose(_ subscriptions: Int) -> Workload {
    Workload(
        name: "04 just.map.subscribe+dispose", size: subscriptions,
        floor: {
            var sum = 0
            for value in 0..<subscriptions {
                let subscription = FloorSubscription(floorMaps(1) { sum &+= $0 })
                subscription.send(value)
                subscription.isActive = false
            }
            return sum
        },
        openRx: {
            var sum = 0
            for value in 0..<subscriptions {
                Observable.just(value).map { $0 &+ 1 }.subscribe(onNext: { sum &+= $0 }).dispose()
            }
            return sum
        },
        openCombine: {
            var sum = 0
            for value in 0..<subscriptions {
                Just(value).map { $0 &+ 1 }.sink { sum &+= $0 }.cancel()
            }
            return sum
        })
}

func fiftyMaps(_ elements: Int) -> Workload {
    let sends = elements / 10
    return Workload(
        name: "05 50 chained maps", size: sends,
        floor: {
            var sum = 0
            let subject = FloorSubject()
            _ = subject.subscribe(floorMaps(50) { sum &+= $0 })
            for value in 0..<sends { subject.send(value) }
            return sum
        },
        openRx: {
            var sum = 0
            let subject = PublishSubject<Int>()
            var chain = subject.asObservable()
            for _ in 0..<50 { chain = chain.map { $0 &+ 1 } }
            let subscription = chain.subscribe(onNext: { sum &+= $0 })
            for value in 0..<sends { subject.onNext(value) }
            subscription.dispose()
            return sum
        },
        openCombine: {
            var sum = 0
            let subject = PassthroughSubject<Int, Never>()
            var chain = subject.eraseToAnyPublisher()
            for _ in 0..<50 { chain = chain.map { $0 &+ 1 }.eraseToAnyPublisher() }
            let cancellable = chain.sink { sum &+= $0 }
            for value in 0..<sends { subject.send(value) }
            cancellable.cancel()
            return sum
        })
}

func flatMapLatestJust(_ elements: Int) -> Workload {
    let sends = elements / 10
    return Workload(
        name: "06 flatMapLatest to just", size: sends,
        floor: {
            var sum = 0
            let subject = FloorSubject()
            _ = subject.subscribe { value in
                let inner = FloorSubscription { sum &+= $0 }
                inner.send(value)
            }
            for value in 0..<sends { subject.send(value) }
            return sum
        },
        openRx: {
            var sum = 0
            let subject = PublishSubject<Int>()
            let subscription = subject.flatMapLatest { Observable.just($0) }.subscribe(onNext: { sum &+= $0 })
            for value in 0..<sends { subject.onNext(value) }
            subscription.dispose()
            return sum
        },
        openCombine: {
            var sum = 0
            let subject = PassthroughSubject<Int, Never>()
            let cancellable = subject.map { Just($0) }.switchToLatest().sink { sum &+= $0 }
            for value in 0..<sends { subject.send(value) }
            cancellable.cancel()
            return sum
        })
}

func shareReplay(_ elements: Int) -> Workload {
    let sends = elements / 10
    return Workload(
        name: "07 share(replay:1) to 10", size: sends * 10,
        floor: {
            var sum = 0
            var latest = 0
            let subject = FloorSubject()
            for _ in 0..<10 { _ = subject.subscribe { sum &+= $0 } }
            for value in 0..<sends {
                latest = value
                subject.send(value)
            }
            return sum &+ latest &- latest
        },
        openRx: {
            var sum = 0
            let subject = PublishSubject<Int>()
            let shared = subject.share(replay: 1)
            let subscriptions = (0..<10).map { _ in shared.subscribe(onNext: { sum &+= $0 }) }
            for value in 0..<sends { subject.onNext(value) }
            subscriptions.forEach { $0.dispose() }
            return sum
        },
        openCombine: {
            // OpenCombine's `share()` has no replay; a CurrentValueSubject multicast is the
            // closest replaying equivalent. Its initial value reaches all 10 subscribers.
            var sum = 0
            let subject = PassthroughSubject<Int, Never>()
            let shared = subject.multicast { CurrentValueSubject<Int, Never>(0) }
            let cancellables = (0..<10).map { _ in shared.sink { sum &+= $0 } }
            let connection = shared.connect()
            for value in 0..<sends { subject.send(value) }
            cancellables.forEach { $0.cancel() }
            connection.cancel()
            return sum
        })
}

func behaviorValue(_ elements: Int) -> Workload {
    Workload(
        name: "08 BehaviorRelay accept, 1 subscriber", size: elements,
        floor: {
            var sum = 0
            var current = 0
            let subject = FloorSubject()
            _ = subject.subscribe { sum &+= $0 }
            for value in 0..<elements {
                current = value
                subject.send(current)
            }
            return sum
        },
        openRx: {
            var sum = 0
            let relay = BehaviorRelay(value: 0)
            let subscription = relay.subscribe(onNext: { sum &+= $0 })
            for value in 0..<elements { relay.accept(value) }
            subscription.dispose()
            return sum
        },
        openCombine: {
            var sum = 0
            let subject = CurrentValueSubject<Int, Never>(0)
            let cancellable = subject.sink { sum &+= $0 }
            for value in 0..<elements { subject.send(value) }
            cancellable.cancel()
            return sum
        })
}

func combineLatestTwo(_ elements: Int) -> Workload {
    let sends = elements / 2
    return Workload(
        name: "09 combineLatest of 2 subjects", size: sends * 2,
        floor: {
            // Like the OpenRx workload: two subjects, each with one subscriber feeding one side,
            // and the selector a closure of its own.
            var sum = 0
            let left = FloorSubject()
            let right = FloorSubject()
            let combined = FloorCombineLatest({ $0 &+ $1 }) { sum &+= $0 }
            _ = left.subscribe { combined.sendLeft($0) }
            _ = right.subscribe { combined.sendRight($0) }
            for value in 0..<sends {
                left.send(value)
                right.send(value)
            }
            return sum
        },
        openRx: {
            var sum = 0
            let left = PublishSubject<Int>()
            let right = PublishSubject<Int>()
            let subscription = Observable.combineLatest(left, right) { $0 &+ $1 }.subscribe(onNext: { sum &+= $0 })
            for value in 0..<sends {
                left.onNext(value)
                right.onNext(value)
            }
            subscription.dispose()
            return sum
        },
        openCombine: nil // OpenCombine 0.14 has no combineLatest.
    )
}

/// combineLatest over a collection of 100 subjects (RxSwift's `combineLatest(_:resultSelector:)`
/// with an array): one emission into each source in turn; the selector sums the latest values.
func combineLatestCollection(_ elements: Int) -> Workload {
    let count = 100
    let sends = elements / 10
    return Workload(
        name: "13 combineLatest of 100 subjects (collection)", size: sends,
        floor: {
            // Like the OpenRx workload: a subject per source, each with one subscriber feeding its
            // slot, and the selector a closure of its own.
            var sum = 0
            let combined = FloorCombineLatestCollection(count: count, { $0.reduce(0, &+) }) { sum &+= $0 }
            let subjects = (0..<count).map { index in
                let subject = FloorSubject()
                _ = subject.subscribe { combined.send($0, at: index) }
                return subject
            }
            for value in 0..<sends { subjects[value % count].send(value) }
            return sum
        },
        openRx: {
            var sum = 0
            let subjects = (0..<count).map { _ in PublishSubject<Int>() }
            let subscription = Observable.combineLatest(subjects) { $0.reduce(0, &+) }.subscribe(onNext: { sum &+= $0 })
            for value in 0..<sends { subjects[value % count].onNext(value) }
            subscription.dispose()
            return sum
        },
        openCombine: nil // OpenCombine 0.14 has no combineLatest.
    )
}

final class Counter: @unchecked Sendable {
    // @unchecked Sendable: written by one serial delivery at a time (a serial queue, or concatMap's
    // one call at a time), read after `done` is signalled (the semaphore orders the accesses).
    var sum = 0
}

func observeOnSerialQueue(_ elements: Int) -> Workload {
    let sends = elements / 10
    return Workload(
        name: "10 observe(on:) serial queue", size: sends,
        floor: {
            let queue = DispatchQueue(label: "floor")
            let counter = Counter()
            for value in 0..<sends { queue.async { counter.sum &+= value } }
            queue.sync {}
            return counter.sum
        },
        openRx: {
            let counter = Counter()
            let done = DispatchSemaphore(value: 0)
            let subject = PublishSubject<Int>()
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "openrx")
            let subscription = subject.observe(on: scheduler).subscribe(
                onNext: { counter.sum &+= $0 }, onCompleted: { done.signal() })
            for value in 0..<sends { subject.onNext(value) }
            subject.onCompleted()
            done.wait()
            subscription.dispose()
            return counter.sum
        },
        openCombine: {
            let counter = Counter()
            let done = DispatchSemaphore(value: 0)
            let subject = PassthroughSubject<Int, Never>()
            let queue = DispatchQueue(label: "opencombine")
            let cancellable = subject.receive(on: queue.ocombine).sink(
                receiveCompletion: { _ in done.signal() }, receiveValue: { counter.sum &+= $0 })
            for value in 0..<sends { subject.send(value) }
            subject.send(completion: .finished)
            done.wait()
            cancellable.cancel()
            return counter.sum
        })
}

/// Workload 01's chain written in `@MainActor` code, as an app's view model writes it: each of its
/// closures is checked to run on the main thread before each call (ARCHITECTURE.md, "Closures stay
/// on their actor"). Counted by the instruction probe only, which runs it on the main thread; the
/// floor is 01's.
public func mainActorRangeChain(_ elements: Int) -> Workload {
    Workload(
        name: "12 range>map>filter>map from @MainActor code", size: elements, floor: rangeChain(elements).floor,
        openRx: { MainActor.assumeIsolated { mainActorChainSum(elements) } }, openCombine: nil)
}

@MainActor
func mainActorChainSum(_ elements: Int) -> Int {
    var sum = 0
    _ = Observable.range(start: 0, count: elements).map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
        .subscribe(onNext: { sum &+= $0 })
    return sum
}

/// Workload 02's chain written in `@MainActor` code: its first closure follows a subject, so the
/// elements are checked to arrive on main there; the fused `filter.map` after it must pass on that
/// they do, or every later main-actor closure (the subscriber's) is checked again, or hops.
/// Counted by the instruction probe only, which runs it on the main thread; the floor is 02's.
public func mainActorSubjectChain(_ elements: Int) -> Workload {
    Workload(
        name: "18 subject>map>filter>map from @MainActor code", size: elements, floor: subjectChain(elements).floor,
        openRx: { MainActor.assumeIsolated { mainActorSubjectChainSum(elements) } }, openCombine: nil)
}

@MainActor
func mainActorSubjectChainSum(_ elements: Int) -> Int {
    var sum = 0
    let subject = PublishSubject<Int>()
    let subscription = subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }.subscribe(onNext: { sum &+= $0 })
    for value in 0..<elements { subject.onNext(value) }
    subscription.dispose()
    return sum
}

/// Workload 16: `Observable.observe { model.value }` of an `@Observable`, `@MainActor` model, per
/// change: the change, the deferred read, the element to a subscriber. Counted by the instruction
/// probe only, which runs it on the main thread. The floor is the same loop written by hand with
/// `withObservationTracking`; both hand their deferred read to the same `FloorRunner`.
public func observationChanges(_ changes: Int) -> Workload {
    Workload(
        name: "16 observe {} of an @Observable model", size: changes,
        floor: { MainActor.assumeIsolated { floorObservationLoop(changes) } },
        openRx: { MainActor.assumeIsolated { observedSum(changes) } }, openCombine: nil)
}

@MainActor
func observedSum(_ changes: Int) -> Int {
    let model = FloorModel()
    let runner = RunnerScheduler()
    var sum = 0
    let subscription = Observable.observe(scheduler: runner) { model.value }.subscribe(onNext: { sum &+= $0 })
    for value in 1...changes {
        model.value = value
        runner.runner.runAll()
    }
    subscription.dispose()
    return sum
}

/// `FloorRunner` as a scheduler (workload 16).
final class RunnerScheduler: SchedulerType, @unchecked Sendable {
    // @unchecked Sendable: used on the main thread only, as its runner.
    let runner = FloorRunner()

    var now: RxTime { Date() }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        runner.enqueue { _ = action(state) }
        return Disposables.create()
    }
}

/// Every workload, sized by `elements` (per-element workloads) and `subscriptions` (workload 04).
public func allWorkloads(elements: Int = 1_000_000, subscriptions: Int = 10_000) -> [Workload] {
    [
        rangeChain(elements).with(asyncSequence: asyncRangeChain(elements)),
        subjectChain(elements).with(asyncSequence: asyncStreamChain(elements)).with(
            simplest: { closureSubjectChain(SimplestSubject.self, elements) },
            unlocked: { closureSubjectChain(UnlockedSubject.self, elements) }),
        fanOut(elements).with(asyncSequence: asyncFanOut(elements / 100)).with(
            simplest: { closureFanOut(SimplestSubject.self, elements) },
            unlocked: { closureFanOut(UnlockedSubject.self, elements) }),
        subscribeDispose(subscriptions).with(asyncSequence: asyncSubscribeDispose(subscriptions)),
        fiftyMaps(elements).with(asyncSequence: asyncFiftyMaps(elements / 10)).with(
            simplest: { closureFiftyMaps(SimplestSubject.self, elements) },
            unlocked: { closureFiftyMaps(UnlockedSubject.self, elements) }),
        flatMapLatestJust(elements).with(asyncSequence: asyncFlatMapLatest(elements / 10)).with(
            simplest: { closureFlatMapLatest(SimplestSubject.self, elements) },
            unlocked: { closureFlatMapLatest(UnlockedSubject.self, elements) }),
        shareReplay(elements).with(asyncSequence: asyncShare(elements / 10)).with(
            simplest: { closureShareReplay(SimplestSubject.self, elements) },
            unlocked: { closureShareReplay(UnlockedSubject.self, elements) }),
        behaviorValue(elements).with(asyncSequence: asyncCurrentValue(elements)).with(
            simplest: { closureBehaviorValue(SimplestSubject.self, elements) },
            unlocked: { closureBehaviorValue(UnlockedSubject.self, elements) }),
        combineLatestTwo(elements).with(asyncSequence: asyncCombineLatest(elements / 2)).with(
            simplest: { closureCombineLatestTwo(SimplestSubject.self, elements) },
            unlocked: { closureCombineLatestTwo(UnlockedSubject.self, elements) }),
        observeOnSerialQueue(elements),
        combineLatestCollection(elements).with(
            simplest: { closureCombineLatestCollection(SimplestSubject.self, elements) },
            unlocked: { closureCombineLatestCollection(UnlockedSubject.self, elements) }),
        asyncConcatMap(elements / 100).with(asyncSequence: asyncSequenceAsyncMap(elements / 100)),
        singleCreateConcatMap(elements / 100),
    ]
}

/// The async function workloads 14 and 15 call per element (not inlined, as a real service's
/// call would not be).
@inline(never)
func asyncIncrement(_ value: Int) async -> Int {
    value &+ 1
}

/// The floor of an `async` call per element, each in a task of its own, one at a time (what
/// `concatMap { await f($0) }` promises): a loop in one task that awaits a new task per element.
func floorTaskPerElement(_ elements: Int) -> Int {
    runTask {
        var sum = 0
        for value in 0..<elements { sum &+= await Task { await asyncIncrement(value) }.value }
        return sum
    }
}

/// Subscribes to `source` and waits for its completion; returns the sum of its elements.
func sumUntilCompleted(_ source: Observable<Int>) -> Int {
    let counter = Counter()
    let done = DispatchSemaphore(value: 0)
    let subscription = source.subscribe(onNext: { counter.sum &+= $0 }, onCompleted: { done.signal() })
    done.wait()
    subscription.dispose()
    return counter.sum
}

/// 14: an `async` function called on each element inside a chain, one call at a time:
/// `concatMap { await f($0) }`. Wall-clock time and allocations only (tasks hop between threads,
/// which callgrind serialises).
func asyncConcatMap(_ elements: Int) -> Workload {
    Workload(
        name: "14 concatMap async transform", size: elements,
        floor: { floorTaskPerElement(elements) },
        openRx: {
            sumUntilCompleted(
                Observable.range(start: 0, count: elements).concatMap { value async in await asyncIncrement(value) })
        },
        openCombine: nil)
}

/// 15: workload 14 written with the idiom users reach for without `async` overloads: each element
/// wrapped in `Single.create { await f($0) }`.
func singleCreateConcatMap(_ elements: Int) -> Workload {
    Workload(
        name: "15 concatMap Single.create idiom", size: elements,
        floor: { floorTaskPerElement(elements) },
        openRx: {
            sumUntilCompleted(
                Observable.range(start: 0, count: elements).concatMap { value in
                    Single.create { await asyncIncrement(value) }
                })
        },
        openCombine: nil)
}

/// Workload 17: workload 01 with the chain traced (`.trace`, `RxTrace`): what recording costs
/// per element (each stage's element described and appended to the ring). Counted by the
/// instruction probe only; the floor is 01's.
public func tracedRangeChain(_ elements: Int) -> Workload {
    Workload(
        name: "17 range>map>filter>map, traced", size: elements, floor: rangeChain(elements).floor,
        openRx: {
            var sum = 0
            _ = Observable.range(start: 0, count: elements).map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
                .trace("workload 17").subscribe(onNext: { sum &+= $0 })
            return sum
        }, openCombine: nil)
}

/// Workload subjectChain's chain over a subject that is an array of closures (the second and third
/// floors).
func closureSubjectChain<S: ClosureSubject>(_: S.Type, _ elements: Int) -> Int {
    var sum = 0
    let subject = S()
    subject.append(floorMapFilterMap { sum &+= $0 })
    for value in 0..<elements { subject.send(value) }
    return sum
}

/// Workload fanOut's chain over a subject that is an array of closures (the second and third
/// floors).
func closureFanOut<S: ClosureSubject>(_: S.Type, _ elements: Int) -> Int {
    var sum = 0
    let subject = S()
    for _ in 0..<100 { subject.append { sum &+= $0 } }
    for value in 0..<elements / 100 { subject.send(value) }
    return sum
}

/// Workload fiftyMaps's chain over a subject that is an array of closures (the second and third
/// floors).
func closureFiftyMaps<S: ClosureSubject>(_: S.Type, _ elements: Int) -> Int {
    var sum = 0
    let subject = S()
    subject.append(floorMaps(50) { sum &+= $0 })
    for value in 0..<elements / 10 { subject.send(value) }
    return sum
}

/// Workload flatMapLatestJust's chain over a subject that is an array of closures (the second and third
/// floors).
func closureFlatMapLatest<S: ClosureSubject>(_: S.Type, _ elements: Int) -> Int {
    var sum = 0
    let subject = S()
    subject.append { value in
        let inner = FloorSubscription { sum &+= $0 }
        inner.send(value)
    }
    for value in 0..<elements / 10 { subject.send(value) }
    return sum
}

/// Workload shareReplay's chain over a subject that is an array of closures (the second and third
/// floors).
func closureShareReplay<S: ClosureSubject>(_: S.Type, _ elements: Int) -> Int {
    var sum = 0
    var latest = 0
    let subject = S()
    for _ in 0..<10 { subject.append { sum &+= $0 } }
    for value in 0..<elements / 10 {
        latest = value
        subject.send(value)
    }
    return sum &+ latest &- latest
}

/// Workload behaviorValue's chain over a subject that is an array of closures (the second and third
/// floors).
func closureBehaviorValue<S: ClosureSubject>(_: S.Type, _ elements: Int) -> Int {
    var sum = 0
    var current = 0
    let subject = S()
    subject.append { sum &+= $0 }
    for value in 0..<elements {
        current = value
        subject.send(current)
    }
    return sum
}

/// Workload combineLatestTwo's chain over a subject that is an array of closures (the second and third
/// floors).
func closureCombineLatestTwo<S: ClosureSubject>(_: S.Type, _ elements: Int) -> Int {
    var sum = 0
    let left = S()
    let right = S()
    let combined = FloorCombineLatest({ $0 &+ $1 }) { sum &+= $0 }
    left.append { combined.sendLeft($0) }
    right.append { combined.sendRight($0) }
    for value in 0..<elements / 2 {
        left.send(value)
        right.send(value)
    }
    return sum
}

/// Workload combineLatestCollection's chain over a subject that is an array of closures (the second and third
/// floors).
func closureCombineLatestCollection<S: ClosureSubject>(_: S.Type, _ elements: Int) -> Int {
    var sum = 0
    let combined = FloorCombineLatestCollection(count: 100, { $0.reduce(0, &+) }) { sum &+= $0 }
    let subjects = (0..<100).map { index in
        let subject = S()
        subject.append { combined.send($0, at: index) }
        return subject
    }
    for value in 0..<elements / 10 { subjects[value % 100].send(value) }
    return sum
}
