// Workload 11: memory held per live subscription of subject.map.filter.map, 100,000 alive at
// once (or as many as the second argument says). Run once per implementation, each in a fresh
// process (so no implementation reuses heap another one freed):
// `HeapProbe floor|OpenRx|OpenCombine [count]` prints bytes per subscription.
import Floor
import Foundation
import OpenCombine
import RxSwift

/// Resident bytes of this process (Linux: /proc/self/statm).
func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

@inline(never)
func sink(_ value: Int) {
    if value == -1 { print(value) }
}

/// Builds `count` live subscriptions of `implementation` and returns what keeps them alive.
/// Nonisolated, like the workloads: top-level code is main-actor isolated, and the closures of
/// chains built there are wrapped to be checked before each call ("OpenRx-MainActor").
nonisolated func subscribe(_ implementation: String, count: Int) -> [Any] {
    var subscriptions: [Any] = []
    subscriptions.reserveCapacity(count + 1)
    switch implementation {
    case "floor":
        let subject = FloorSubject()
        for _ in 0..<count { subscriptions.append(subject.subscribe(floorMapFilterMap(into: sink))) }
        subscriptions.append(subject)
    case "OpenRx":
        let subject = PublishSubject<Int>()
        for _ in 0..<count {
            subscriptions.append(subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }.subscribe(onNext: sink))
        }
        subscriptions.append(subject)
    case "OpenRx-literal":
        // The same with the sink in a closure literal: a function reference converted to an
        // `@isolated(any)` closure parameter costs two contexts at the call site.
        let subject = PublishSubject<Int>()
        for _ in 0..<count {
            subscriptions.append(
                subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }.subscribe(onNext: { sink($0) }))
        }
        subscriptions.append(subject)
    case "OpenCombine":
        let subject = PassthroughSubject<Int, Never>()
        for _ in 0..<count {
            subscriptions.append(subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }.sink(receiveValue: sink))
        }
        subscriptions.append(subject)
    default:
        fatalError("usage: HeapProbe floor|OpenRx|OpenRx-literal|OpenRx-MainActor|OpenCombine [count]")
    }
    return subscriptions
}

/// The same OpenRx chain built in main-actor code: each of its four closures is wrapped in a
/// check that it runs on the main thread.
@MainActor func subscribeOnMainActor(count: Int) -> [Any] {
    var subscriptions: [Any] = []
    subscriptions.reserveCapacity(count + 1)
    let subject = PublishSubject<Int>()
    for _ in 0..<count {
        subscriptions.append(subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }.subscribe(onNext: sink))
    }
    subscriptions.append(subject)
    return subscriptions
}

let count = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 100_000
let implementation = CommandLine.arguments.dropFirst().first ?? "OpenRx"
let before = residentBytes()
let alive =
    implementation == "OpenRx-MainActor"
    ? subscribeOnMainActor(count: count) : subscribe(implementation, count: count)
let after = residentBytes()
print((after - before) / count)
withExtendedLifetime(alive) {}
