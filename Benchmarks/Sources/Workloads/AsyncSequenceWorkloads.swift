import AsyncAlgorithms
import Dispatch

// The AsyncSequence peer: each workload written the way a Swift developer who reaches for
// AsyncSequence instead of a reactive library would write it, with the standard library's
// `AsyncStream` and the operators of swift-async-algorithms 1.1.4. The body runs in a task and
// the probe waits for it, so its cost includes the executor's hops, as a real program's would.

/// Runs `body` in a task and waits for its result.
func runTask(_ body: @escaping @Sendable () async -> Int) -> Int {
    let result = TaskResult()
    let done = DispatchSemaphore(value: 0)
    Task {
        result.value = await body()
        done.signal()
    }
    done.wait()
    return result.value
}

final class TaskResult: @unchecked Sendable {
    // @unchecked Sendable: written by the task before it signals, read after the wait.
    var value = 0
}

/// A hand-rolled broadcaster, the usual AsyncStream idiom for "many listeners": one stream and
/// continuation per listener, each value yielded to every continuation.
struct Broadcast {
    private(set) var continuations: [AsyncStream<Int>.Continuation] = []

    mutating func listen() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        continuations.append(continuation)
        return stream
    }

    func send(_ value: Int) {
        for continuation in continuations { continuation.yield(value) }
    }

    func finish() {
        for continuation in continuations { continuation.finish() }
    }
}

/// Sums what `listeners` streams deliver, each in a child task.
func sumAll(_ streams: [AsyncStream<Int>]) async -> Int {
    await withTaskGroup(of: Int.self) { group in
        for stream in streams {
            group.addTask {
                var sum = 0
                for await value in stream { sum &+= value }
                return sum
            }
        }
        return await group.reduce(0, &+)
    }
}

/// 01: `(0..<n).async` from swift-async-algorithms through the standard `map` / `filter`.
func asyncRangeChain(_ elements: Int) -> () -> Int {
    {
        runTask {
            var sum = 0
            for await value in (0..<elements).async.map({ $0 + 1 }).filter({ $0 % 2 == 0 }).map({ $0 * 2 }) {
                sum &+= value
            }
            return sum
        }
    }
}

/// 02: an `AsyncStream` fed in a loop (the subject), consumed through map / filter / map.
func asyncStreamChain(_ elements: Int) -> () -> Int {
    {
        runTask {
            let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
            let consumer = Task {
                var sum = 0
                for await value in stream.map({ $0 + 1 }).filter({ $0 % 2 == 0 }).map({ $0 * 2 }) { sum &+= value }
                return sum
            }
            for value in 0..<elements { continuation.yield(value) }
            continuation.finish()
            return await consumer.value
        }
    }
}

/// 03: 100 listeners of a broadcaster.
func asyncFanOut(_ sends: Int) -> () -> Int {
    {
        runTask {
            var broadcast = Broadcast()
            let streams = (0..<100).map { _ in broadcast.listen() }
            async let total = sumAll(streams)
            for value in 0..<sends { broadcast.send(value) }
            broadcast.finish()
            return await total
        }
    }
}

/// 04: per "subscription", iterate a one-element sequence through `map`.
func asyncSubscribeDispose(_ subscriptions: Int) -> () -> Int {
    {
        runTask {
            var sum = 0
            for value in 0..<subscriptions {
                for await mapped in [value].async.map({ $0 &+ 1 }) { sum &+= mapped }
            }
            return sum
        }
    }
}

/// 05: 50 `map`s chained at run time on an existential `any AsyncSequence<Int, Never>` (the
/// AsyncSequence counterpart of a chain built in a loop).
func asyncFiftyMaps(_ sends: Int) -> () -> Int {
    {
        runTask {
            let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
            let consumer = Task {
                var chain: any AsyncSequence<Int, Never> = stream
                for _ in 0..<50 { chain = incremented(chain) }
                var sum = 0
                for await value in chain { sum &+= value }
                return sum
            }
            for value in 0..<sends { continuation.yield(value) }
            continuation.finish()
            return await consumer.value
        }
    }
}

/// `map` on an existential sequence (opened, then erased again).
func incremented(_ sequence: some AsyncSequence<Int, Never>) -> any AsyncSequence<Int, Never> {
    sequence.map { $0 &+ 1 }
}

/// 06: `flatMapLatest` of swift-async-algorithms to a one-element sequence. Its inner
/// iterations run in tasks that a newer element cancels, so a source fed in a loop would lose
/// elements; to compute what the other implementations compute, the source waits for each
/// result before sending the next (an acknowledgement stream, part of the measured cost).
func asyncFlatMapLatest(_ sends: Int) -> () -> Int {
    {
        runTask {
            let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
            let (acks, ack) = AsyncStream.makeStream(of: Void.self)
            let consumer = Task {
                var sum = 0
                for await value in stream.flatMapLatest({ [$0].async }) {
                    sum &+= value
                    ack.yield()
                }
                return sum
            }
            var acknowledged = acks.makeAsyncIterator()
            for value in 0..<sends {
                continuation.yield(value)
                _ = await acknowledged.next()
            }
            continuation.finish()
            return await consumer.value
        }
    }
}

/// 07: `share()` of swift-async-algorithms to 10 iterations (it has no replay; every side
/// exists before the first element, so none is missed).
func asyncShare(_ sends: Int) -> () -> Int {
    {
        runTask {
            let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
            let shared = stream.share(bufferingPolicy: .unbounded)
            let total = await withTaskGroup(of: Int.self) { group in
                for _ in 0..<10 {
                    // Each side is made here, before any element, and iterated by one task only.
                    nonisolated(unsafe) let side = shared.makeAsyncIterator()
                    group.addTask {
                        var iterator = side
                        var sum = 0
                        while let value = await iterator.next(isolation: nil) { sum &+= value }
                        return sum
                    }
                }
                for value in 0..<sends { continuation.yield(value) }
                continuation.finish()
                return await group.reduce(0, &+)
            }
            return total
        }
    }
}

/// 08: a current value published through an `AsyncStream` (the initial value first), one listener.
func asyncCurrentValue(_ elements: Int) -> () -> Int {
    {
        runTask {
            let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
            continuation.yield(0)
            let consumer = Task {
                var sum = 0
                for await value in stream { sum &+= value }
                return sum
            }
            for value in 0..<elements { continuation.yield(value) }
            continuation.finish()
            return await consumer.value
        }
    }
}

/// 09: `combineLatest` of swift-async-algorithms over two streams. It pulls its sources from
/// tasks of its own, so which pairs it makes from two streams fed in a loop depends on timing;
/// to compute what the other implementations compute, each send after the first waits for the
/// combination it causes (an acknowledgement stream, part of the measured cost).
func asyncCombineLatest(_ sends: Int) -> () -> Int {
    {
        runTask {
            let (left, toLeft) = AsyncStream.makeStream(of: Int.self)
            let (right, toRight) = AsyncStream.makeStream(of: Int.self)
            let (acks, ack) = AsyncStream.makeStream(of: Void.self)
            let consumer = Task {
                var sum = 0
                for await (first, second) in combineLatest(left, right) {
                    sum &+= first &+ second
                    ack.yield()
                }
                return sum
            }
            var acknowledged = acks.makeAsyncIterator()
            for value in 0..<sends {
                toLeft.yield(value)
                if value > 0 { _ = await acknowledged.next() }
                toRight.yield(value)
                _ = await acknowledged.next()
            }
            toLeft.finish()
            toRight.finish()
            return await consumer.value
        }
    }
}

/// 14: `(0..<n).async.map { await f($0) }` (swift-async-algorithms): the calls in turn, in the
/// consuming task (no task per element).
func asyncSequenceAsyncMap(_ elements: Int) -> () -> Int {
    {
        runTask {
            var sum = 0
            for await value in (0..<elements).async.map({ await asyncIncrement($0) }) { sum &+= value }
            return sum
        }
    }
}
