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
}
