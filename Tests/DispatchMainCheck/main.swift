// Runs the nonisolated styles on the main queue of a program driven by `dispatchMain()`, the way
// command-line tools and servers run, and exits 0 when every scenario behaves as in RxSwift.

import Foundation
import NonisolatedStyles
import RxSwift

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
