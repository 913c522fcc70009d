// Many threads, one sequence: the harness. Runs one operation (a send, a subscribe + dispose, an
// insert) from N threads at once, all on one shared sequence, and measures the throughput of the
// whole run and the latency of single operations. No Rx import here, so the same file measures
// RxSwift outside the repository (see Benchmarks/README.md, "Many threads, one sequence").
import Dispatch
import Foundation
import Synchronization

/// One prepared run of a workload.
struct Run {
    /// Operation number `index` (counting from 0 on each thread), on thread `thread`.
    let operation: @Sendable (_ thread: Int, _ index: Int) -> Void
    /// Called after every thread's last operation, inside the timed span: waits for what is
    /// still on its way (a scheduler's queue, `awaitDelivered()`) and tears the run down.
    let finish: () -> Void
}

/// A workload: its name and how to set up one run of it on a number of threads.
struct Workload: Sendable {
    let name: String
    let prepare: @Sendable (_ threads: Int) -> Run?
}

/// What everything delivered adds to: atomic, since some peers deliver concurrently.
let delivered = Atomic<Int>(0)

@inline(never) @Sendable func deliver(_ value: Int) {
    delivered.add(1, ordering: .relaxed)
}

/// How many operations the threads of the current run made, once they have all stopped.
let operationsMade = Atomic<Int>(0)

/// Waits until every operation's element was delivered (for runs whose deliveries finish on a
/// scheduler, each operation delivering one element).
func awaitDelivered() {
    while delivered.load(ordering: .relaxed) < operationsMade.load(ordering: .relaxed) { usleep(50) }
}

/// What one measurement gives.
struct Measurement {
    /// Operations per second over the whole run (best of the throughput passes).
    var throughput: Double
    /// Latency of one operation, in nanoseconds (from the latency pass).
    var p50: Double
    var p99: Double
    var max: Double
}

/// A start line every thread waits at, so that they all begin together.
final class StartLine: @unchecked Sendable {
    // @unchecked Sendable: `open` is only read and written with `condition` locked.
    private let condition = NSCondition()
    private var open = false

    func wait() {
        condition.lock()
        while !open { condition.wait() }
        condition.unlock()
    }

    func release() {
        condition.lock()
        open = true
        condition.broadcast()
        condition.unlock()
    }
}

/// Nanoseconds on the monotonic clock.
@inline(__always) func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// How long each thread keeps making operations in one pass, in seconds. Every thread runs for
/// the whole span (a fixed count of operations per thread would let 64 threads on 2 cores run
/// one after another, each inside its own time slice, and never meet).
nonisolated(unsafe) var passSeconds = 0.2

/// One pass: `threads` threads make operations until `passSeconds` have passed; returns the
/// operations made, the seconds from the start line to the end of `finish` and, when `timed`,
/// every operation's latency in nanoseconds.
func pass(_ workload: Workload, threads: Int, timed: Bool) -> (operations: Int, seconds: Double, latencies: [UInt64])? {
    delivered.store(0, ordering: .relaxed)
    operationsMade.store(Int.max, ordering: .relaxed)
    guard let run = workload.prepare(threads) else { return nil }
    let start = StartLine()
    let stop = Atomic<Bool>(false)
    let made = Atomic<Int>(0)
    let group = DispatchGroup()
    let latencies = Mutex<[UInt64]>([])
    let operation = run.operation
    for thread in 0..<threads {
        group.enter()
        let worker = Thread {
            var own = [UInt64]()
            var index = 0
            start.wait()
            if timed {
                own.reserveCapacity(1 << 16)
                while !stop.load(ordering: .relaxed) {
                    let before = now()
                    operation(thread, index)
                    own.append(now() &- before)
                    index += 1
                }
                latencies.withLock { $0 += own }
            } else {
                while !stop.load(ordering: .relaxed) {
                    operation(thread, index)
                    index += 1
                }
            }
            made.add(index, ordering: .relaxed)
            group.leave()
        }
        worker.stackSize = 1 << 20
        worker.start()
    }
    usleep(20_000) // every thread at the start line
    let began = now()
    start.release()
    usleep(UInt32(passSeconds * 1e6))
    stop.store(true, ordering: .relaxed)
    group.wait()
    operationsMade.store(made.load(ordering: .relaxed), ordering: .relaxed)
    run.finish()
    let seconds = Double(now() - began) / 1e9
    return (made.load(ordering: .relaxed), seconds, latencies.withLock { $0 })
}

/// Measures `workload` on `threads` threads: the best throughput of `passes` untimed passes, then
/// one pass that times every operation.
func measure(_ workload: Workload, threads: Int, passes: Int = 3) -> Measurement? {
    var best = 0.0
    for _ in 0..<passes {
        guard let (operations, seconds, _) = pass(workload, threads: threads, timed: false) else { return nil }
        best = max(best, Double(operations) / seconds)
    }
    guard let (_, _, latencies) = pass(workload, threads: threads, timed: true) else { return nil }
    let sorted = latencies.sorted()
    func percentile(_ p: Double) -> Double {
        sorted.isEmpty ? 0 : Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))])
    }
    return Measurement(throughput: best, p50: percentile(0.5), p99: percentile(0.99), max: Double(sorted.last ?? 0))
}

/// Runs `workloads` named on the command line at the thread counts given, printing one line per
/// measurement: "<workload> <implementation> <threads> <ops/s> <p50 ns> <p99 ns> <max ns>"
/// ("n/a" when the implementation has no such workload).
func report(_ workloads: [Workload], implementation: String, threadCounts: [Int], passes: Int) {
    for workload in workloads {
        for threads in threadCounts {
            if let result = measure(workload, threads: threads, passes: passes) {
                print(
                    workload.name, implementation, threads, Int(result.throughput.rounded()), Int(result.p50),
                    Int(result.p99), Int(result.max))
            } else {
                print(workload.name, implementation, threads, "n/a")
            }
            fflush(nil)
        }
    }
}
