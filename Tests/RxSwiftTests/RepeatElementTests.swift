import RxSwift
import RxTest
import TestSupport
import XCTest

final class RepeatElementTests: RxTestCase {
    func testScenarios() {
        assertSourceScenarios([.disposed(at: 203, [.next(201, 4), .next(202, 4)])]) { scheduler in
            Observable.repeatElement(4, scheduler: scheduler)
        }
        XCTAssertEqual(collect(Observable.repeatElement(4).take(3)), [.next(4), .next(4), .next(4), .completed])
    }
}
