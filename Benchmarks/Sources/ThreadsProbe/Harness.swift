// Many threads, one sequence: the harness. Runs one operation (a send, a subscribe + dispose, an
// insert) from N threads at once, all on one shared sequence, and measures the throughput of the
// whole run and the latency of single operations. No Rx import here, so the same file measures
// RxSwift outside the repository (see Benchmarks/README.md, "Many threads, one sequence").
import Dispatch
import Foundation
import Synchronization

/// One prepared run of a workload on `threads` threads.
struct Run {
    /// Operation number `index` (0 ..< operations per thread), on thread `thread`.
    let operation: @Sendable (_ thread: Int, _ index: Int) -> Void
    /// Called after every thread's last operation, inside the timed span: waits for what is
    /// still on its way (a scheduler's queue) and tears the run down.
    let finish: () -> Void
}

/// A workload: its name and how to set up one run of it.
struct Workload: Sendable {
    let name: String
    /// Operations per run, split evenly over the threads.
    let operations: Int
    let prepare: @Sendable (_ threads: Int) -> Run?
}

/// What everything delivered adds to: atomic, since some peers deliver concurrently.
let delivered = Atomic<Int>(0)

@inline(never) @Sendable func deliver(_ value: Int) {
    delivered.add(1, ordering: .relaxed)
}

/// Waits until `delivered` reaches `count` (for runs whose deliveries finish on a scheduler).
func awaitDelivered(_ count: Int) {
    while delivered.load(ordering: .relaxed) < count { usleep(50) }
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

/// One pass: `threads` threads each run their share of `workload`'s operations; returns the
/// seconds from the start line to the end of `finish`, and, when `timed`, every operation's
/// latency in nanoseconds.
func pass(_ workload: Workload, threads: Int, timed: Bool) -> (seconds: Double, latencies: [UInt64])? {
    delivered.store(0, ordering: .relaxed)
    guard let run = workload.prepare(threads) else { return nil }
    let perThread = workload.operations / threads
    let start = StartLine()
    let group = DispatchGroup()
    let latencies = Mutex<[UInt64]>([])
    let operation = run.operation
    for thread in 0..<threads {
        group.enter()
        let worker = Thread {
            var own = [UInt64]()
            if timed { own.reserveCapacity(perThread) }
            start.wait()
            if timed {
                for index in 0..<perThread {
                    let before = now()
                    operation(thread, index)
                    own.append(now() &- before)
                }
                latencies.withLock { $0 += own }
            } else {
                for index in 0..<perThread { operation(thread, index) }
            }
            group.leave()
        }
        worker.stackSize = 1 << 20
        worker.start()
    }
    usleep(20_000) // every thread at the start line
    let began = now()
    start.release()
    group.wait()
    run.finish()
    let seconds = Double(now() - began) / 1e9
    return (seconds, latencies.withLock { $0 })
}

/// Measures `workload` on `threads` threads: the best throughput of `passes` untimed passes, then
/// one pass that times every operation.
func measure(_ workload: Workload, threads: Int, passes: Int = 3) -> Measurement? {
    let perThread = workload.operations / threads
    var best = Double.infinity
    for _ in 0..<passes {
        guard let (seconds, _) = pass(workload, threads: threads, timed: false) else { return nil }
        best = min(best, seconds)
    }
    guard let (_, latencies) = pass(workload, threads: threads, timed: true) else { return nil }
    let sorted = latencies.sorted()
    func percentile(_ p: Double) -> Double {
        sorted.isEmpty ? 0 : Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))])
    }
    return Measurement(
        throughput: Double(perThread * threads) / best, p50: percentile(0.5), p99: percentile(0.99),
        max: Double(sorted.last ?? 0))
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
