// What recording costs in time, not only in instructions (workload 17 counts instructions, which
// do not see system calls): 200 subscriptions of workload 01's chain over 1,000 elements, with
// `RxTrace.isEnabled` and a `trace` at the end, against the same untraced, alternated five times
// in one process; then the same chain on other threads (subscribed on one serial queue, observed
// on another, each subscription waited for). Prints each pair and the median ratio of each.
// `bash Benchmarks/trace-cost.sh`.
import Dispatch
import RxSwift

let subscribingQueue = SerialDispatchQueueScheduler(qos: .userInitiated)
let observingQueue = SerialDispatchQueueScheduler(qos: .userInitiated)

func milliseconds(traced: Bool, onOtherThreads: Bool) -> Double {
    RxTrace.isEnabled = traced
    defer {
        RxTrace.isEnabled = false
        RxTrace.reset()
    }
    let start = DispatchTime.now().uptimeNanoseconds
    var sum = 0
    for _ in 0..<200 {
        var chain = Observable.range(start: 0, count: 1_000)
        if onOtherThreads { chain = chain.subscribe(on: subscribingQueue) }
        chain = chain.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
        if onOtherThreads { chain = chain.observe(on: observingQueue) }
        if traced { chain = chain.trace("trace cost") }
        let ended = DispatchSemaphore(value: 0)
        _ = chain.subscribe(onNext: { sum &+= $0 }, onCompleted: { ended.signal() })
        ended.wait()
    }
    precondition(sum == 200 * 501_000, "the chain computed \(sum)")
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

for (title, onOtherThreads) in [("on the subscribing thread", false), ("on other threads", true)] {
    _ = milliseconds(traced: false, onOtherThreads: onOtherThreads)
    _ = milliseconds(traced: true, onOtherThreads: onOtherThreads)
    var ratios: [Double] = []
    print(title + ":")
    for _ in 0..<5 {
        let untraced = milliseconds(traced: false, onOtherThreads: onOtherThreads)
        let traced = milliseconds(traced: true, onOtherThreads: onOtherThreads)
        ratios.append(traced / untraced)
        print("  untraced \((untraced * 10).rounded() / 10) ms, traced \((traced * 10).rounded() / 10) ms")
    }
    print("  traced ÷ untraced, median of 5: \((ratios.sorted()[2] * 10).rounded() / 10)x")
}
