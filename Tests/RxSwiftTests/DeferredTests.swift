import RxSwift
import RxTest
import TestSupport
import XCTest

final class DeferredTests: RxTestCase {
    func testFactoryRunsPerSubscriber() {
        var calls = 0
        let source = Observable<Int>.deferred {
            calls += 1
            return .just(calls)
        }
        XCTAssertEqual(collect(source), [.next(1), .completed])
        XCTAssertEqual(collect(source), [.next(2), .completed])
    }

    func testFactoryError() {
        XCTAssertEqual(collect(Observable<Int>.deferred { throw testError }), [.error(testError)])
    }

    /// A deferred sequence behaves as the one its factory returns, made at each subscription.
    func testScenarios() {
        assertScenarios(Scenario.unchanged) { source in Observable.deferred { source } }
        XCTAssertEqual(
            collect(Observable<Int>.deferred { throw testError }), [.error(testError)], "a factory's error fails it")
    }

    /// A deferred sequence whose factory returns another: the factories run outermost first, once
    /// per subscription each, and an inner factory's error fails the sequence; the innermost
    /// sequence is subscribed once and disposed with the subscription.
    func testNestedDeferredSequences() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        var calls: [String] = []
        func nested(_ depth: Int, failingAt failing: Int? = nil) -> Observable<Int> {
            guard depth > 0 else { return xs.asObservable() }
            return .deferred {
                calls.append("factory \(depth)")
                if depth == failing { throw testError }
                return nested(depth - 1, failingAt: failing)
            }
        }
        let res = scheduler.start { nested(3) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(calls, ["factory 3", "factory 2", "factory 1"])
        calls = []
        XCTAssertEqual(collect(nested(3, failingAt: 2)), [.error(testError)])
        XCTAssertEqual(calls, ["factory 3", "factory 2"])
        let disposedEarly = TestScheduler(initialClock: 0)
        let ys = disposedEarly.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        func nestedYs(_ depth: Int) -> Observable<Int> {
            depth == 0 ? ys.asObservable() : .deferred { nestedYs(depth - 1) }
        }
        let early = disposedEarly.start(disposed: 215) { nestedYs(3) }
        XCTAssertEqual(early.events, [.next(210, 1)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 215)])
    }
}
