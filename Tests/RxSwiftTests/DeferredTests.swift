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
        assertScenarios(
            [
                .elements([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)]),
                .empty([.completed(210)]),
                .error([.next(210, 1), .error(220, testError)]),
                .disposedMidStream([.next(210, 1), .next(220, 2)]),
            ]
        ) { source in Observable.deferred { source } }
        XCTAssertEqual(
            collect(Observable<Int>.deferred { throw testError }), [.error(testError)], "a factory's error fails it")
    }
}
