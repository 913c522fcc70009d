import RxSwift
import RxTest
import TestSupport
import XCTest

final class MapFusionTests: RxTestCase {
    func testConsecutiveMapsBehaveAsSeparateOnes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start {
            xs.map { $0 + 1 }.map { $0 * 10 }.map { value -> Int in
                if value == 40 { throw testError }
                return value
            }
        }
        XCTAssertEqual(res.events, [.next(210, 20), .next(220, 30), .error(230, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        var fifty = Observable.just(0)
        for _ in 0..<50 { fifty = fifty.map { $0 + 1 } }
        XCTAssertEqual(collect(fifty), [.next(50), .completed])
    }
}
