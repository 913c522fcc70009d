import RxSwift
import RxTest
import TestSupport
import XCTest

final class DeprecatedFilteringAliasesTests: RxTestCase {
    @available(*, deprecated, message: "exercises deprecated aliases on purpose")
    func testAliases() {
        XCTAssertEqual(collect(Observable.of(1, 2, 3).takeWhile { $0 < 2 }), [.next(1), .completed])
        XCTAssertEqual(collect(Observable.of(1, 2, 3).skipWhile { $0 < 2 }), [.next(2), .next(3), .completed])
        XCTAssertEqual(collect(Observable.of(1, 2, 3).elementAt(2)), [.next(3), .completed])
        XCTAssertEqual(collect(Observable.of(1).takeUntil(Observable<Int>.never())), [.next(1), .completed])
        XCTAssertEqual(collect(Observable.of(1).skipUntil(Observable.just(0))), [.next(1), .completed])
    }
}
