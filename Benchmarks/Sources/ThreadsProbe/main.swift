// `ThreadsProbe <implementation> [workload …] [--threads 1,2,4,8,16,64] [--passes 3] [--seconds 0.2]
// [--describe-machine]`: each pass runs every thread for that many seconds, with
// implementation `OpenRx`, `floor` or `OpenCombine`: each workload at each thread count, one line
// per measurement (Harness.swift's `report`). `bash Benchmarks/threads.sh` runs them all.
import Foundation

/// The command line's arguments: the implementation, workload names, options.
struct Arguments {
    var words = Array(CommandLine.arguments.dropFirst())

    /// Removes `name` and the word after it, and returns that word.
    mutating func option(_ name: String) -> String? {
        guard let at = words.firstIndex(of: name), at + 1 < words.count else { return nil }
        defer { words.removeSubrange(at...(at + 1)) }
        return words[at + 1]
    }
}

func main() {
    var arguments = Arguments()
    let threadCounts = (arguments.option("--threads") ?? "1,2,4,8,16,64").split(separator: ",").map { Int($0)! }
    let passes = Int(arguments.option("--passes") ?? "3")!
    passSeconds = Double(arguments.option("--seconds") ?? "0.2")!
    guard let implementation = arguments.words.first else {
        fatalError("usage: ThreadsProbe OpenRx|floor|OpenCombine [workload …] [--threads 1,2,8] [--passes 3]")
    }
    let all: [Workload]
    switch implementation {
    case "OpenRx": all = rxWorkloads
    case "floor": all = floorWorkloads
    case "OpenCombine": all = openCombineWorkloads
    default: fatalError("no implementation \(implementation)")
    }
    if let at = arguments.words.firstIndex(of: "--describe-machine") {
        arguments.words.remove(at: at)
        print(describeMachine())
    }
    let names = Set(arguments.words.dropFirst())
    let unknown = names.subtracting(all.map(\.name))
    guard unknown.isEmpty else { fatalError("no workload \(unknown.sorted()); known: \(all.map(\.name))") }
    report(
        names.isEmpty ? all : all.filter { names.contains($0.name) }, implementation: implementation,
        threadCounts: threadCounts, passes: passes)
}

main()
