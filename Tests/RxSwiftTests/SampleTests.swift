import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

final class SampleTests: RxTestCase {
    func testEmitsTheLatestUnsampledElementAtEachTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(300)])
        let sampler = scheduler.createHotObservable([
            .next(230, "x"), .next(250, "x"), .next(270, "x"), .next(310, "x"), .next(400, "x"),
        ])
        let res = scheduler.start { source.sample(sampler) }
        XCTAssertEqual(res.events, [.next(230, 2), .next(270, 3), .completed(310)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(sampler.subscriptions, [Subscription(200, 310)])
    }

    func testDefaultValueWhenNothingNew() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1)])
        let sampler = scheduler.createHotObservable([.next(220, ()), .next(230, ())])
        let res = scheduler.start { source.sample(sampler, defaultValue: 0) }
        XCTAssertEqual(res.events, [.next(220, 1), .next(230, 0)])
    }

    func testErrorsFromEitherSide() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .error(240, testError)])
        let sampler: TestableObservable<Void> = scheduler.createHotObservable([.error(220, TestError.other)])
        let res = scheduler.start { source.sample(sampler) }
        XCTAssertEqual(res.events, [Recorded<Event<Int>>.error(220, TestError.other)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
        let res2 = scheduler.start { Observable<Int>.error(testError).sample(Observable<Int>.never()) }
        XCTAssertEqual(res2.events.count, 1)
    }

    func testDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1)])
        let sampler = scheduler.createHotObservable([.next(220, ()), .next(260, ())])
        let res = scheduler.start(disposed: 250) { source.sample(sampler) }
        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(sampler.subscriptions, [Subscription(200, 250)])
    }
}
