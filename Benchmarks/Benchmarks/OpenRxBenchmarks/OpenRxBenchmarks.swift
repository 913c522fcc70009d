import Benchmark
import Workloads

// Each workload runs once per implementation per iteration and returns a checksum, which must
// be the floor's.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.instructions, .mallocCountTotal, .wallClock],
        warmupIterations: 1,
        maxDuration: .seconds(1),
        maxIterations: 5)

    for workload in allWorkloads() {
        // Every implementation must compute the floor's checksum; checked on every measured run
        // (a comparison), since each benchmark runs in a process of its own.
        let expected = workload.floor()
        let name = workload.name
        var implementations = [("floor", workload.floor), ("OpenRx", workload.openRx)]
        if let openCombine = workload.openCombine { implementations.append(("OpenCombine", openCombine)) }
        if let asyncSequence = workload.asyncSequence { implementations.append(("AsyncSequence", asyncSequence)) }
        for (implementation, run) in implementations {
            let run = UncheckedRun(run)
            Benchmark("\(workload.name) [n=\(workload.size)] \(implementation)") { benchmark in
                for _ in benchmark.scaledIterations {
                    let result = run.body()
                    precondition(result == expected, "\(name) \(implementation): \(result), floor \(expected)")
                    blackHole(result)
                }
            }
        }
    }
}

/// Lets a workload closure be captured by the harness's `@Sendable` benchmark closures; each
/// benchmark runs its closure on one thread at a time.
struct UncheckedRun: @unchecked Sendable {
    // @unchecked Sendable: the harness runs a benchmark's body serially, never concurrently.
    let body: () -> Int
    init(_ body: @escaping () -> Int) { self.body = body }
}
