// Two threads on one subject, timed (callgrind runs threads one at a time, so contention is
// measured in wall-clock time; the best of five runs is reported, as this is a shared 2-core
// machine). `ContentionProbe <case> floor|OpenRx|OpenCombine` prints nanoseconds per operation:
//   senders     two threads send into one subject with one subscriber; per element
//   churn       one thread sends while another subscribes and disposes; per subscribe+dispose
//   replaying   two threads each subscribe to a connected `share(replay: 1)` (OpenCombine:
//               `multicast { CurrentValueSubject }`; the floor: a locked list and latest value),
//               receive the replayed value, and dispose; per subscribe+replay+dispose
import Dispatch
import Floor
import Foundation
@preconcurrency import OpenCombine
import RxSwift
import Synchronization

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    fatalError("usage: ContentionProbe senders|churn|replaying floor|OpenRx|OpenCombine")
}
let test = arguments[1]
let implementation = arguments[2]

/// What every subscriber adds to: atomic, since OpenCombine's subjects do not serialise
/// concurrent sends.
let total = Atomic<Int>(0)
@Sendable func add(_ value: Int) {
    total.add(value, ordering: .relaxed)
}

/// Runs `first` and `second` on two threads at once; returns the seconds until both ended.
func race(_ first: @escaping @Sendable () -> Void, _ second: @escaping @Sendable () -> Void) -> Double {
    let group = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for body in [first, second] {
        Thread.detachNewThread {
            group.enter()
            start.wait()
            body()
            group.leave()
        }
    }
    Thread.sleep(forTimeInterval: 0.05)
    let began = DispatchTime.now()
    start.signal()
    start.signal()
    group.wait()
    return Double(DispatchTime.now().uptimeNanoseconds - began.uptimeNanoseconds) / 1e9
}

/// The floor's thread-safe subject: a lock around the list, delivery outside it.
final class LockedFloorSubject: @unchecked Sendable {
    // @unchecked Sendable: `subject` and `latest` are only touched with `lock` held.
    let lock = NSLock()
    let subject = FloorSubject()
    var latest: Int?

    func subscribe(_ stage: @escaping FloorStage) -> FloorSubscription {
        lock.lock()
        let subscription = subject.subscribe(stage)
        let replay = latest
        lock.unlock()
        if let replay { stage(replay) }
        return subscription
    }

    func unsubscribe(_ subscription: FloorSubscription) {
        lock.lock()
        subject.unsubscribe(subscription)
        lock.unlock()
    }

    func send(_ value: Int) {
        lock.lock()
        latest = value
        let targets = subject.subscribers
        lock.unlock()
        for target in targets { target.send(value) }
    }
}

let elements = 200_000
let pairs = 50_000

func senders() -> Double {
    let half = elements / 2
    switch implementation {
    case "floor":
        let subject = LockedFloorSubject()
        _ = subject.subscribe(add)
        return race({ for v in 0..<half { subject.send(v) } }, { for v in 0..<half { subject.send(v) } })
            / Double(elements)
    case "OpenRx":
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: add)
        defer { subscription.dispose() }
        return race({ for v in 0..<half { subject.onNext(v) } }, { for v in 0..<half { subject.onNext(v) } })
            / Double(elements)
    case "OpenCombine":
        let subject = PassthroughSubject<Int, Never>()
        let subscription = subject.sink(receiveValue: add)
        defer { subscription.cancel() }
        return race({ for v in 0..<half { subject.send(v) } }, { for v in 0..<half { subject.send(v) } })
            / Double(elements)
    default: return -1
    }
}

func churn() -> Double {
    let stop = Atomic<Bool>(false)
    switch implementation {
    case "floor":
        let subject = LockedFloorSubject()
        _ = subject.subscribe(add)
        return race(
            {
                var v = 0
                while !stop.load(ordering: .relaxed) { subject.send(v); v += 1 }
            },
            {
                for _ in 0..<pairs { subject.unsubscribe(subject.subscribe(add)) }
                stop.store(true, ordering: .relaxed)
            }) / Double(pairs)
    case "OpenRx":
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: add)
        defer { subscription.dispose() }
        return race(
            {
                var v = 0
                while !stop.load(ordering: .relaxed) { subject.onNext(v); v += 1 }
            },
            {
                for _ in 0..<pairs { subject.subscribe(onNext: add).dispose() }
                stop.store(true, ordering: .relaxed)
            }) / Double(pairs)
    case "OpenCombine":
        let subject = PassthroughSubject<Int, Never>()
        let subscription = subject.sink(receiveValue: add)
        defer { subscription.cancel() }
        return race(
            {
                var v = 0
                while !stop.load(ordering: .relaxed) { subject.send(v); v += 1 }
            },
            {
                for _ in 0..<pairs { subject.sink(receiveValue: add).cancel() }
                stop.store(true, ordering: .relaxed)
            }) / Double(pairs)
    default: return -1
    }
}

func replaying() -> Double {
    let half = pairs / 2
    switch implementation {
    case "floor":
        let subject = LockedFloorSubject()
        subject.send(1)
        let loop: @Sendable () -> Void = { for _ in 0..<half { subject.unsubscribe(subject.subscribe(add)) } }
        return race(loop, loop) / Double(pairs)
    case "OpenRx":
        let subject = PublishSubject<Int>()
        // An `Observable` is not `Sendable`; this one is only subscribed to (share is thread-safe).
        nonisolated(unsafe) let shared = subject.share(replay: 1)
        let keep = shared.subscribe()
        subject.onNext(1)
        defer { keep.dispose() }
        let loop: @Sendable () -> Void = { for _ in 0..<half { shared.subscribe(onNext: add).dispose() } }
        return race(loop, loop) / Double(pairs)
    case "OpenCombine":
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.multicast { CurrentValueSubject<Int, Never>(0) }
        let connection = shared.connect()
        defer { connection.cancel() }
        subject.send(1)
        let loop: @Sendable () -> Void = { for _ in 0..<half { shared.sink(receiveValue: add).cancel() } }
        return race(loop, loop) / Double(pairs)
    default: return -1
    }
}

var best = Double.infinity
for _ in 0..<5 {
    let seconds: Double
    switch test {
    case "senders": seconds = senders()
    case "churn": seconds = churn()
    case "replaying": seconds = replaying()
    default: fatalError("no case \(test)")
    }
    if seconds < 0 {
        print("n/a")
        exit(0)
    }
    best = min(best, seconds)
}
print(Int((best * 1e9).rounded()))
