// Workload 11: memory held per live subscription of subject.map.filter.map, 100,000 alive at
// once. Run once per implementation, each in a fresh process (so no implementation reuses heap
// another one freed): `HeapProbe floor|OpenRx|OpenCombine` prints bytes per subscription.
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

let count = 100_000
var keep: [AnyObject] = []
var subscriptions: [Any] = []
subscriptions.reserveCapacity(count)
let implementation = CommandLine.arguments.dropFirst().first ?? "OpenRx"
let before = residentBytes()
switch implementation {
case "floor":
    let subject = FloorSubject()
    for _ in 0..<count { subscriptions.append(subject.subscribe(floorMapFilterMap(into: sink))) }
    keep.append(subject)
case "OpenRx":
    let subject = PublishSubject<Int>()
    for _ in 0..<count {
        subscriptions.append(subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }.subscribe(onNext: sink))
    }
    keep.append(subject)
case "OpenCombine":
    let subject = PassthroughSubject<Int, Never>()
    for _ in 0..<count {
        subscriptions.append(subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }.sink(receiveValue: sink))
    }
    keep.append(subject)
default:
    fatalError("usage: HeapProbe floor|OpenRx|OpenCombine")
}
let after = residentBytes()
print((after - before) / count)
withExtendedLifetime((keep, subscriptions)) {}
