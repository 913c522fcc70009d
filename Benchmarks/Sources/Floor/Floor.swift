// The floor: what a push pipeline costs with nothing but one indirect call per stage and one
// object per subscription. Every stage is a closure that calls the next stage's closure; the
// chains are built in non-inlinable functions so the optimiser cannot fuse the stages.

import Observation

/// One stage's entry point.
public typealias FloorStage = (Int) -> Void

/// A subscription: the one object the floor allocates per subscriber.
public final class FloorSubscription {
    public let stage: FloorStage
    public var isActive = true
    /// Its place in its subject's list.
    public var index = 0

    public init(_ stage: @escaping FloorStage) {
        self.stage = stage
    }

    @inline(never)
    public func send(_ value: Int) {
        if isActive { stage(value) }
    }
}

/// `map { $0 + 1 } → filter { $0 % 2 == 0 } → map { $0 * 2 } → sink`.
@inline(never)
public func floorMapFilterMap(into sink: @escaping FloorStage) -> FloorStage {
    let last: FloorStage = { sink($0 * 2) }
    let filter: FloorStage = { if $0 % 2 == 0 { last($0) } }
    return { filter($0 + 1) }
}

/// `count` chained `map { $0 &+ 1 }` stages in front of `sink`.
@inline(never)
public func floorMaps(_ count: Int, into sink: @escaping FloorStage) -> FloorStage {
    var stage = sink
    for _ in 0..<count {
        let next = stage
        stage = { next($0 &+ 1) }
    }
    return stage
}

/// A subject: delivers each value to every subscriber.
public final class FloorSubject {
    public private(set) var subscribers: [FloorSubscription] = []

    public init() {}

    @inline(never)
    public func subscribe(_ stage: @escaping FloorStage) -> FloorSubscription {
        let subscription = FloorSubscription(stage)
        subscription.index = subscribers.count
        subscribers.append(subscription)
        return subscription
    }

    /// Removes `subscription` in O(1): the last subscriber takes its place (so, unlike a
    /// subject, the order of delivery is not the order of subscription).
    @inline(never)
    public func unsubscribe(_ subscription: FloorSubscription) {
        let index = subscription.index
        guard index < subscribers.count, subscribers[index] === subscription else { return }
        subscription.isActive = false
        let last = subscribers.removeLast()
        if last !== subscription {
            last.index = index
            subscribers[index] = last
        }
    }

    @inline(never)
    public func send(_ value: Int) {
        for subscriber in subscribers { subscriber.send(value) }
    }
}

/// The latest values of two inputs combined, as `combineLatest` does: once both sides have a
/// value, each new one calls the selector with both latest values and hands its result on.
public final class FloorCombineLatest {
    private var left: Int?
    private var right: Int?
    private let selector: (Int, Int) -> Int
    private let combined: FloorStage

    public init(_ selector: @escaping (Int, Int) -> Int, _ combined: @escaping FloorStage) {
        self.selector = selector
        self.combined = combined
    }

    @inline(never)
    public func sendLeft(_ value: Int) {
        left = value
        if let right { combined(selector(value, right)) }
    }

    @inline(never)
    public func sendRight(_ value: Int) {
        right = value
        if let left { combined(selector(left, value)) }
    }
}

/// combineLatest of `count` sources by hand: the latest value of each, and the selector (a
/// closure) over all of them once every source has one.
public final class FloorCombineLatestCollection {
    private var latest: [Int]
    private var seen: [Bool]
    private var missing: Int
    private let selector: ([Int]) -> Int
    private let combined: FloorStage

    public init(count: Int, _ selector: @escaping ([Int]) -> Int, _ combined: @escaping FloorStage) {
        latest = Array(repeating: 0, count: count)
        seen = Array(repeating: false, count: count)
        missing = count
        self.selector = selector
        self.combined = combined
    }

    @inline(never)
    public func send(_ value: Int, at index: Int) {
        if !seen[index] {
            seen[index] = true
            missing -= 1
        }
        latest[index] = value
        if missing == 0 { combined(selector(latest)) }
    }
}

/// zip of `count` sources by hand: a queue per source (an array and the index of its head); once
/// every queue holds an element, one from each goes to the selector (a closure).
public final class FloorZipCollection {
    private var queues: [[Int]]
    private var heads: [Int]
    private var empty: Int
    private var row: [Int]
    private let selector: ([Int]) -> Int
    private let combined: FloorStage

    public init(count: Int, _ selector: @escaping ([Int]) -> Int, _ combined: @escaping FloorStage) {
        queues = Array(repeating: [], count: count)
        heads = Array(repeating: 0, count: count)
        empty = count
        row = Array(repeating: 0, count: count)
        self.selector = selector
        self.combined = combined
    }

    @inline(never)
    public func send(_ value: Int, at index: Int) {
        if heads[index] == queues[index].count { empty -= 1 }
        queues[index].append(value)
        guard empty == 0 else { return }
        for source in 0..<queues.count {
            row[source] = queues[source][heads[source]]
            heads[source] += 1
            if heads[source] == queues[source].count {
                queues[source].removeAll(keepingCapacity: true)
                heads[source] = 0
                empty += 1
            }
        }
        combined(selector(row))
    }
}

// The second floor ("simplest", issue 41): a subject written the simplest way, an unlocked array
// of closures with nothing else (no subscription objects, no removal), for the subject
// workloads (02, 03, 07, 08).

/// A subject as an array of closures, for the floors written the simplest way.
public protocol ClosureSubject: AnyObject {
    init()
    /// Adds a subscriber.
    func append(_ handler: @escaping FloorStage)
    /// Calls every subscriber with `value`, in turn.
    func send(_ value: Int)
}

/// The second floor's subject: an array of closures; `send` calls each in turn.
public final class SimplestSubject: ClosureSubject {
    public var handlers: [FloorStage] = []

    public init() {}

    public func append(_ handler: @escaping FloorStage) {
        handlers.append(handler)
    }

    @inline(never)
    public func send(_ value: Int) {
        for handler in handlers { handler(value) }
    }
}

// The third floor ("unlocked", issue 57): what a user compares a send with, "a closure call per
// observer": an unlocked contiguous array of closures, each called through the array's buffer,
// so that the loop retains and releases nothing per call (the second floor's `for … in` retains
// each closure's context for its call).

/// The third floor's subject: a contiguous array of closures, called in place.
public final class UnlockedSubject: ClosureSubject {
    public var handlers: ContiguousArray<FloorStage> = []

    public init() {}

    public func append(_ handler: @escaping FloorStage) {
        handlers.append(handler)
    }

    @inline(never)
    public func send(_ value: Int) {
        handlers.withUnsafeBufferPointer { handlers in
            for index in handlers.indices { handlers[index](value) }
        }
    }
}

// Workload 16: reading an @Observable model after each change.

/// The model of workload 16: one observed property, on the main actor as an app's would be.
@MainActor @Observable
public final class FloorModel {
    public var value = 0

    public init() {}
}

/// The deferred work of workload 16: what a hand-written observation loop hands to the main
/// queue (`DispatchQueue.main.async`), kept in an array and run when the loop says, so that the
/// hop costs the same, and little, for the floor and for OpenRx.
public final class FloorRunner: @unchecked Sendable {
    // @unchecked Sendable: used on the main thread only (workload 16 runs there); no lock.
    private var waiting: [() -> Void] = []

    public init() {}

    public func enqueue(_ work: @escaping () -> Void) {
        waiting.append(work)
    }

    /// Runs what waits, and what that queues, until nothing is left.
    public func runAll() {
        while !waiting.isEmpty {
            let work = waiting
            waiting.removeAll(keepingCapacity: true)
            for item in work { item() }
        }
    }
}

/// The floor of workload 16: `withObservationTracking` written by hand, as an app would, reading
/// the model again after each change (the change set, then the deferred work run).
@MainActor
public func floorObservationLoop(_ changes: Int) -> Int {
    let observer = FloorObserver()
    observer.track()
    for value in 1...changes {
        observer.model.value = value
        observer.runner.runAll()
    }
    return observer.sum
}

/// The hand-written observation of workload 16's floor.
@MainActor
final class FloorObserver {
    let model = FloorModel()
    let runner = FloorRunner()
    var sum = 0

    func track() {
        sum &+= withObservationTracking {
            model.value
        } onChange: {
            self.runner.enqueue { MainActor.assumeIsolated { self.track() } }
        }
    }
}
