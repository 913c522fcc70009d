import RxSwift
import RxTest
import TestSupport
import XCTest

final class EnumeratedTests: RxTestCase {
    func testIndexesArePerSubscription() {
        let source = Observable.of("a", "b").enumerated().map { "\($0.index)\($0.element)" }
        XCTAssertEqual(collect(source), [.next("0a"), .next("1b"), .completed])
        XCTAssertEqual(collect(source), [.next("0a"), .next("1b"), .completed])
    }
}
