import Dispatch
import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

final class DebounceTests: RxTestCase {
    func testEmitsAfterQuietPeriod() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(250, 3), .completed(300)])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(240, 2), .next(270, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testCompletionFlushesAndErrorDrops() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(215)])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(215, 1), .completed(215)])
        let ys = scheduler.createHotObservable([.next(1_010, 1), .error(1_015, testError)])
        let res2 = scheduler.start(created: 1_000, subscribed: 1_000, disposed: 2_000) {
            ys.debounce(.seconds(20), scheduler: scheduler)
        }
        XCTAssertEqual(res2.events, [.error(1_015, testError)])
    }
}
