// Runs one implementation of one workload once, for instruction counting under valgrind's
// callgrind (deterministic, unlike time): `InstructionProbe <workload number> <implementation>
// <scale>` builds the workloads at `scale` elements (and `scale / 100` subscriptions for workload
// 04) and prints the run's size and checksum. Benchmarks/instructions.sh runs it at two scales
// and divides the difference in instructions by the difference in size, which cancels start-up
// and one-time costs (loading, first metadata look-ups).
import Foundation
import Workloads

let arguments = CommandLine.arguments
guard arguments.count == 4, let scale = Int(arguments[3]) else {
    fatalError("usage: InstructionProbe <workload number, e.g. 01> floor|OpenRx|OpenCombine <scale>")
}
let workloads =
    allWorkloads(elements: scale, subscriptions: scale / 100) + [
        mainActorRangeChain(scale), observationChanges(scale), tracedRangeChain(scale), mainActorSubjectChain(scale),
    ]
guard let workload = workloads.first(where: { $0.name.hasPrefix(arguments[1] + " ") }) else {
    fatalError("no workload \(arguments[1])")
}
guard let run = workload.implementation(arguments[2]) else {
    print("n/a")
    exit(0)
}
print(workload.size, run())
