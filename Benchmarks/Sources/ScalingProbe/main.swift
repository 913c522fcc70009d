// The scaling curves: how the cost of one operation grows with the size of what is around it.
// `ScalingProbe <curve> <implementation> <size> <operations>` builds the curve's setup at `size`,
// runs `operations` operations, and prints the number of operations and a checksum.
// Benchmarks/scaling.sh runs it under callgrind at two operation counts per size and divides the
// difference in instructions by the difference in operations, which cancels the setup (building
// `size` subscriptions) and every one-time cost. Each implementation computes the same checksum.
//
// Curves (an operation is):
//   fanout      one element delivered to one of `size` subscribers of one subject
//   churn       one subscribe and one dispose (of a live subscription picked at random) while
//               `size` others stay subscribed to the same subject
//   afterchurn  one element delivered to one of 100 subscribers, after `size` subscribe/dispose
//               pairs on the same subject
//   depth       one element through one stage of a chain of `size` `filter` stages on a subject
//   merge       one element from one of `size` live inner subjects through `flatMap { $0 }`
//   combine     one emission into one of `size` subjects combined by `combineLatest` (collection;
//               the selector reads the count), after one into each
//   queued      one delivery to one of `size` subscribers, half of them of elements sent into the
//               subject from inside its own delivery (so they wait in the subject's queue, as a
//               contended send does)
//   replay      one subscribe, replay of the latest element and dispose on a connected
//               `share(replay: 1)` (OpenCombine: `multicast { CurrentValueSubject }`) that
//               `size` others stay subscribed to
//   zip         one emission into one of `size` subjects zipped (collection; selector: the count),
//               after one into each
import Floor
import Foundation
import OpenCombine
import RxSwift

let arguments = CommandLine.arguments
guard arguments.count == 5, let size = Int(arguments[3]), let operations = Int(arguments[4]) else {
    fatalError("usage: ScalingProbe <curve> floor|OpenRx|OpenCombine <size> <operations>")
}
let curve = arguments[1]
let implementation = arguments[2]

/// A deterministic pseudo-random sequence (the same picks for every implementation).
struct Picks {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    mutating func next(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

nonisolated(unsafe) var sum = 0
@inline(never)
func add(_ value: Int) {
    sum &+= value
}

/// One subject of each implementation, behind one face.
protocol AnySubject {
    associatedtype Subscription
    init()
    func subscribe(_ body: @escaping (Int) -> Void) -> Subscription
    func cancel(_ subscription: Subscription)
    func send(_ value: Int)
}

extension FloorSubject: AnySubject {
    public func cancel(_ subscription: FloorSubscription) { unsubscribe(subscription) }
}

final class RxSubject: AnySubject {
    let subject = PublishSubject<Int>()
    func subscribe(_ body: @escaping (Int) -> Void) -> Disposable { subject.subscribe(onNext: body) }
    func cancel(_ subscription: Disposable) { subscription.dispose() }
    func send(_ value: Int) { subject.onNext(value) }
}

final class CombineSubject: AnySubject {
    let subject = PassthroughSubject<Int, Never>()
    func subscribe(_ body: @escaping (Int) -> Void) -> AnyCancellable { subject.sink(receiveValue: body) }
    func cancel(_ subscription: AnyCancellable) { subscription.cancel() }
    func send(_ value: Int) { subject.send(value) }
}

func fanout<S: AnySubject>(_: S.Type) -> Int {
    let subject = S()
    let subscriptions = (0..<size).map { _ in subject.subscribe(add) }
    for value in 0..<operations { subject.send(value) }
    withExtendedLifetime(subscriptions) {}
    return operations * size
}

func churn<S: AnySubject>(_: S.Type) -> Int {
    let subject = S()
    var live = (0..<size).map { _ in subject.subscribe(add) }
    var picks = Picks()
    for _ in 0..<operations {
        live.append(subject.subscribe(add))
        let index = picks.next(below: live.count)
        live.swapAt(index, live.count - 1)
        subject.cancel(live.removeLast())
    }
    subject.send(1)
    return operations
}

func afterChurn<S: AnySubject>(_: S.Type) -> Int {
    let subject = S()
    var live = (0..<100).map { _ in subject.subscribe(add) }
    var picks = Picks()
    for _ in 0..<size {
        live.append(subject.subscribe(add))
        let index = picks.next(below: live.count)
        live.swapAt(index, live.count - 1)
        subject.cancel(live.removeLast())
    }
    for value in 0..<operations { subject.send(value) }
    withExtendedLifetime(live) {}
    return operations * 100
}

func depth() -> Int {
    switch implementation {
    case "floor":
        var stage: FloorStage = add
        for _ in 0..<size {
            let next = stage
            stage = { if $0 >= 0 { next($0) } }
        }
        let subject = FloorSubject()
        let subscription = subject.subscribe(stage)
        for value in 0..<operations { subject.send(value) }
        withExtendedLifetime(subscription) {}
    case "OpenRx":
        let subject = PublishSubject<Int>()
        var chain = subject.asObservable()
        for _ in 0..<size { chain = chain.filter { $0 >= 0 } }
        let subscription = chain.subscribe(onNext: add)
        for value in 0..<operations { subject.onNext(value) }
        subscription.dispose()
    case "OpenCombine":
        let subject = PassthroughSubject<Int, Never>()
        var chain = subject.eraseToAnyPublisher()
        for _ in 0..<size { chain = chain.filter { $0 >= 0 }.eraseToAnyPublisher() }
        let subscription = chain.sink(receiveValue: add)
        for value in 0..<operations { subject.send(value) }
        subscription.cancel()
    default: return -1
    }
    return operations * size
}

func merge() -> Int {
    switch implementation {
    case "floor":
        let inners = (0..<size).map { _ in FloorSubject() }
        let subscriptions = inners.map { $0.subscribe(add) }
        for value in 0..<operations { inners[value % size].send(value) }
        withExtendedLifetime(subscriptions) {}
    case "OpenRx":
        let outer = PublishSubject<PublishSubject<Int>>()
        let subscription = outer.flatMap { $0 }.subscribe(onNext: add)
        let inners = (0..<size).map { _ in PublishSubject<Int>() }
        for inner in inners { outer.onNext(inner) }
        for value in 0..<operations { inners[value % size].onNext(value) }
        subscription.dispose()
    case "OpenCombine":
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let subscription = outer.flatMap { $0 }.sink(receiveValue: add)
        let inners = (0..<size).map { _ in PassthroughSubject<Int, Never>() }
        for inner in inners { outer.send(inner) }
        for value in 0..<operations { inners[value % size].send(value) }
        subscription.cancel()
    default: return -1
    }
    return operations
}

func combine() -> Int {
    switch implementation {
    case "floor":
        let combined = FloorCombineLatestCollection(count: size, { $0.count }, add)
        let subjects = (0..<size).map { index in
            let subject = FloorSubject()
            _ = subject.subscribe { combined.send($0, at: index) }
            return subject
        }
        for value in 0..<size { subjects[value].send(value) }
        for value in 0..<operations { subjects[value % size].send(value) }
    case "OpenRx":
        let subjects = (0..<size).map { _ in PublishSubject<Int>() }
        let subscription = Observable.combineLatest(subjects) { $0.count }.subscribe(onNext: add)
        for value in 0..<size { subjects[value].onNext(value) }
        for value in 0..<operations { subjects[value % size].onNext(value) }
        subscription.dispose()
    default: return -1
    }
    return operations
}

func zip() -> Int {
    switch implementation {
    case "floor":
        let zipped = FloorZipCollection(count: size, { $0.count }, add)
        let subjects = (0..<size).map { index in
            let subject = FloorSubject()
            _ = subject.subscribe { zipped.send($0, at: index) }
            return subject
        }
        for value in 0..<size { subjects[value].send(value) }
        for value in 0..<operations { subjects[value % size].send(value) }
    case "OpenRx":
        let subjects = (0..<size).map { _ in PublishSubject<Int>() }
        let subscription = Observable.zip(subjects) { $0.count }.subscribe(onNext: add)
        for value in 0..<size { subjects[value].onNext(value) }
        for value in 0..<operations { subjects[value % size].onNext(value) }
        subscription.dispose()
    default: return -1
    }
    return operations
}

/// The curves on one subject, for one implementation's subject type.
/// Elements sent from inside the subject's own delivery take the path a contended send takes:
/// queued behind the delivery in progress, delivered after it.
func queued() -> Int {
    switch implementation {
    case "OpenRx":
        let subject = PublishSubject<Int>()
        let first = subject.subscribe(onNext: { value in
            add(value)
            if value % 2 == 0 { subject.onNext(value + 1) }
        })
        let others = (1..<max(size, 1)).map { _ in subject.subscribe(onNext: add) }
        for value in 0..<operations { subject.onNext(value * 2) }
        first.dispose()
        others.forEach { $0.dispose() }
    default: return -1
    }
    return operations * 2 * max(size, 1)
}

func replay() -> Int {
    switch implementation {
    case "OpenRx":
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        let others = (0..<size).map { _ in shared.subscribe(onNext: add) }
        subject.onNext(1)
        for _ in 0..<operations { shared.subscribe(onNext: add).dispose() }
        others.forEach { $0.dispose() }
    case "OpenCombine":
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.multicast { CurrentValueSubject<Int, Never>(0) }
        let connection = shared.connect()
        let others = (0..<size).map { _ in shared.sink(receiveValue: add) }
        subject.send(1)
        for _ in 0..<operations { shared.sink(receiveValue: add).cancel() }
        others.forEach { $0.cancel() }
        connection.cancel()
    default: return -1
    }
    return operations
}

func subjectCurve<S: AnySubject>(_ type: S.Type) -> Int? {
    switch curve {
    case "fanout": fanout(type)
    case "churn": churn(type)
    case "afterchurn": afterChurn(type)
    default: nil
    }
}

let count: Int
switch (curve, implementation) {
case ("depth", _): count = depth()
case ("merge", _): count = merge()
case ("combine", _): count = combine()
case ("zip", _): count = zip()
case ("queued", _): count = queued()
case ("replay", _): count = replay()
case (_, "floor"): count = subjectCurve(FloorSubject.self) ?? -1
case (_, "OpenRx"): count = subjectCurve(RxSubject.self) ?? -1
case (_, "OpenCombine"): count = subjectCurve(CombineSubject.self) ?? -1
default: count = -1
}
if count < 0 {
    print("n/a")
} else {
    print(count, sum)
}
