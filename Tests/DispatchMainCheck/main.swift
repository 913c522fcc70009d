// Runs the nonisolated styles on the main queue of a program driven by `dispatchMain()`, the way
// command-line tools and servers run, and exits 0 when every scenario behaves as in RxSwift.

import Foundation
import NonisolatedStyles
import RxCocoa
import RxSwift

// `DispatchMainCheck drive-off-main`: calls `drive` from a background thread, as a nonisolated
// test would, which stops the program with a message saying how to write such a test.
if CommandLine.arguments.dropFirst().first == "drive-off-main" {
    let background = Thread {
        _ = Driver.just("Hello").drive(onNext: { print($0) })
        exit(0)
    }
    background.start()
    // The background thread ends the program (stopped by `drive`, or `exit(0)` if it is not).
    DispatchSemaphore(value: 0).wait()
}

DispatchQueue.main.async {
    print("main queue on a worker thread: \(!Thread.isMainThread)")
    // MainScheduler runs at once on the main queue, as RxSwift's does.
    var ranAtOnce = false
    _ = MainScheduler.instance.schedule(()) { _ in
        ranAtOnce = true
        return Disposables.create()
    }
    var problems = ranAtOnce ? [] : ["MainScheduler.instance hopped instead of running at once on the main queue"]
    problems += runNonisolatedScenarios()
    if problems.isEmpty {
        print("all scenarios passed")
        exit(0)
    }
    print(problems.joined(separator: "\n"))
    exit(1)
}
dispatchMain()
