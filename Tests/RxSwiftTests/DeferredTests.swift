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
}
