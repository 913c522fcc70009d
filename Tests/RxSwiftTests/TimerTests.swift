import RxSwift
import RxTest
import TestSupport
import XCTest

final class TimerTests: RxTestCase {
    func testOneShotTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.timer(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 0), .completed(210)])
    }

    func testPeriodicTimerAndInterval() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 245) {
            Observable<Int>.timer(.seconds(10), period: .seconds(15), scheduler: scheduler)
        }
        XCTAssertEqual(res.events, [.next(210, 0), .next(225, 1), .next(240, 2)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let res2 = scheduler2.start(disposed: 235) { Observable<Int>.interval(.seconds(10), scheduler: scheduler2) }
        XCTAssertEqual(res2.events, [.next(210, 0), .next(220, 1), .next(230, 2)])
    }
}
