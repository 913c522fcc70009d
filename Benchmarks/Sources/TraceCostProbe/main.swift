// What recording costs in time, not only in instructions (workload 17 counts instructions, which
// do not see system calls): 200 subscriptions of workload 01's chain over 1,000 elements, with
// `RxTrace.isEnabled` and a `trace` at the end, against the same untraced, alternated five times
// in one process. Prints each pair and the median ratio. `bash Benchmarks/trace-cost.sh`.
import Dispatch
import RxSwift

func milliseconds(traced: Bool) -> Double {
    RxTrace.isEnabled = traced
    defer {
        RxTrace.isEnabled = false
        RxTrace.reset()
    }
    let start = DispatchTime.now().uptimeNanoseconds
    var sum = 0
    for _ in 0..<200 {
        var chain = Observable.range(start: 0, count: 1_000).map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
        if traced { chain = chain.trace("trace cost") }
        _ = chain.subscribe(onNext: { sum &+= $0 })
    }
    precondition(sum == 200 * 501_000, "the chain computed \(sum)")
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

_ = milliseconds(traced: false)
_ = milliseconds(traced: true)
var ratios: [Double] = []
for _ in 0..<5 {
    let untraced = milliseconds(traced: false)
    let traced = milliseconds(traced: true)
    ratios.append(traced / untraced)
    print("untraced \((untraced * 10).rounded() / 10) ms, traced \((traced * 10).rounded() / 10) ms")
}
print("traced ÷ untraced, median of 5: \((ratios.sorted()[2] * 10).rounded() / 10)x")
