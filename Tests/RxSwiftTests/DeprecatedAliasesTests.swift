import Dispatch
import RxSwift
import RxTest
import TestSupport
import XCTest

final class DeprecatedAliasesTests: RxTestCase {
    @available(*, deprecated, message: "exercises deprecated aliases on purpose")
    func testAliasesBehaveLikeTheirReplacements() {
        XCTAssertEqual(collect(Observable<Int>.error(testError).catchError { _ in .just(1) }), [.next(1), .completed])
        XCTAssertEqual(collect(Observable<Int>.error(testError).catchErrorJustReturn(2)), [.next(2), .completed])
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        let res = scheduler.start {
            xs.skip(.seconds(20), scheduler: scheduler).take(.seconds(100), scheduler: scheduler)
        }
        XCTAssertEqual(res.events, [.next(230, 2), .completed(240)])
    }
}
