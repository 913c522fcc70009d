// swift-format-ignore-file
// (Laid out as the article shows it; SamplesAreCompiledTests compares the two.)
// The code of RxSwift.docc/SchedulersAndThreading.md, compiled and run.

import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

final class SchedulersAndThreadingTests: ArticleTestCase {
    func testObserveOn() {
        let background = ConcurrentDispatchQueueScheduler(qos: .userInitiated)

        Observable.just(40)
            .observe(on: background)
            .map { n in (1...n).reduce(0, +) }         // runs on a background queue
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { total in
                print("total \(total) on main: \(Thread.isMainThread)")
            })
            .disposed(by: disposeBag)
        // total 820 on main: true

        XCTAssertEqual(printedLines.withLock { $0 }, [], "delivered later, on main")
        waitUntilPrinted(1)
        XCTAssertEqual(takePrinted(), ["total 820 on main: true"])
    }

    func testTimeOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let ticks = scheduler.start(disposed: 350) {
            Observable<Int>.interval(.seconds(50), scheduler: scheduler)
        }
        XCTAssertEqual(ticks.events, [.next(250, 0), .next(300, 1)])
    }
}
