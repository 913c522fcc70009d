import Benchmark
import Workloads

// Each workload runs once per implementation per iteration and returns a checksum; the
// implementations must agree (checked before measuring).

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.instructions, .mallocCountTotal, .wallClock],
        warmupIterations: 1,
        maxDuration: .seconds(1),
        maxIterations: 5)

    for workload in allWorkloads() {
        var implementations = [("floor", workload.floor), ("OpenRx", workload.openRx)]
        if let openCombine = workload.openCombine { implementations.append(("OpenCombine", openCombine)) }
        if let asyncSequence = workload.asyncSequence { implementations.append(("AsyncSequence", asyncSequence)) }
        let results = implementations.map { $0.1() }
        precondition(Set(results).count == 1, "\(workload.name): implementations disagree: \(results)")
        for (implementation, run) in implementations {
            let run = UncheckedRun(run)
            Benchmark("\(workload.name) [n=\(workload.size)] \(implementation)") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(run.body()) }
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
