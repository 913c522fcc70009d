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
    /// The share of the machine that the throughput pass lost to everything else: see `Machine`.
    var lost: Double
}

/// What the machine did besides this process, from Linux's `/proc/stat`: a pass on a machine that
/// was not ours (CPU time stolen by the host of a virtual machine, or spent by other processes)
/// measures the machine, not the workload. Elsewhere nothing is known and every pass counts.
struct Machine {
    /// Processor time stolen by the host, and spent by every process, in seconds, so far.
    private var stolen = 0.0
    private var busy = 0.0
    /// This process's processor time, in seconds, so far.
    private var own = 0.0
    private var at = now()

    /// A reading now.
    static func read() -> Machine {
        var machine = Machine()
        // "cpu user nice system idle iowait irq softirq steal …", in ticks of 1/100 s.
        if let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n").first, line.hasPrefix("cpu ")
        {
            let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
            if ticks.count >= 8 {
                machine.busy = (ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6]) / 100
                machine.stolen = ticks[7] / 100
            }
        }
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        machine.own =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        machine.at = now()
        return machine
    }

    /// The share of the machine's processor time between `earlier` and this reading that went to
    /// the host or to other processes (0 when nothing is known; ticks make it coarse, about
    /// 0.01 s in 0.4 s of two cores).
    func lost(since earlier: Machine) -> Double {
        let capacity = Double(ProcessInfo.processInfo.activeProcessorCount) * Double(at - earlier.at) / 1e9
        guard capacity > 0 else { return 0 }
        let others = max(0, (busy - earlier.busy) - (own - earlier.own))
        return min(1, ((stolen - earlier.stolen) + others) / capacity)
    }
}

/// What the guard prints before its measurements, so that a result from another machine can be
/// read: the processor, and how long a cache line takes to go from one thread to another and
/// back (two threads taking turns on one atomic; a spin pause, a cache miss and a lock's
/// contended path all cost differently from one processor to the next).
func describeMachine() -> String {
    let model =
        (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
        .first { $0.hasPrefix("model name") }.map { $0.split(separator: ":").last.map(String.init) ?? "" }?
        .trimmingCharacters(in: .whitespaces) ?? "unknown"
    let turn = Atomic<Int>(0)
    let rounds = 200_000
    let other = Thread {
        for round in 0..<rounds {
            while turn.load(ordering: .acquiring) != 2 * round + 1 {}
            turn.store(2 * round + 2, ordering: .releasing)
        }
    }
    other.start()
    let began = now()
    for round in 0..<rounds {
        turn.store(2 * round + 1, ordering: .releasing)
        while turn.load(ordering: .acquiring) != 2 * round + 2 {}
    }
    let handOff = Int(Double(now() - began) / Double(2 * rounds))
    let cores = ProcessInfo.processInfo.activeProcessorCount
    return "# machine: \(model), \(cores) cores, a cache line handed between two threads in \(handOff) ns"
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
/// one pass that times every operation. A pass that lost more than a tenth of the machine to
/// everything else (`Machine`) counts only when every pass did.
func measure(_ workload: Workload, threads: Int, passes: Int = 3) -> Measurement? {
    var best = 0.0
    var bestLost = 1.0
    var bestOnQuietMachine = 0.0
    var quietLost = 1.0
    for _ in 0..<passes {
        let before = Machine.read()
        guard let (operations, seconds, _) = pass(workload, threads: threads, timed: false) else { return nil }
        let lost = Machine.read().lost(since: before)
        let throughput = Double(operations) / seconds
        if throughput > best { (best, bestLost) = (throughput, lost) }
        if lost <= 0.1, throughput > bestOnQuietMachine { (bestOnQuietMachine, quietLost) = (throughput, lost) }
    }
    if bestOnQuietMachine > 0 { (best, bestLost) = (bestOnQuietMachine, quietLost) }
    guard let (_, _, latencies) = pass(workload, threads: threads, timed: true) else { return nil }
    let sorted = latencies.sorted()
    func percentile(_ p: Double) -> Double {
        sorted.isEmpty ? 0 : Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))])
    }
    return Measurement(
        throughput: best, p50: percentile(0.5), p99: percentile(0.99), max: Double(sorted.last ?? 0), lost: bestLost)
}

/// Runs `workloads` named on the command line at the thread counts given, printing one line per
/// measurement: "<workload> <implementation> <threads> <ops/s> <p50 ns> <p99 ns> <max ns> <lost %>"
/// ("n/a" when the implementation has no such workload), the last the share of the machine the
/// throughput's pass lost to the host and to other processes.
func report(_ workloads: [Workload], implementation: String, threadCounts: [Int], passes: Int) {
    for workload in workloads {
        for threads in threadCounts {
            if let result = measure(workload, threads: threads, passes: passes) {
                print(
                    workload.name, implementation, threads, Int(result.throughput.rounded()), Int(result.p50),
                    Int(result.p99), Int(result.max), Int((100 * result.lost).rounded()))
            } else {
                print(workload.name, implementation, threads, "n/a")
            }
            fflush(nil)
        }
    }
}
