import RxSwift
import RxTest
import XCTest

final class SmokeTests: RxTestCase {
    func testMapFilterOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(240),
        ])
        let res = scheduler.start { xs.map { $0 * 10 }.filter { $0 > 20 } }
        XCTAssertEqual(res.events, [.next(220, 30), .next(230, 40), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testSynchronousChain() {
        var received: [Int] = []
        var completed = false
        var disposed = false
        _ = Observable.of(1, 2, 3).map { $0 + 1 }.subscribe(onNext: { received.append($0) }, onCompleted: { completed = true }, onDisposed: { disposed = true })
        XCTAssertEqual(received, [2, 3, 4])
        XCTAssertTrue(completed)
        XCTAssertTrue(disposed)
    }
}
