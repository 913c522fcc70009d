import RxSwift
import RxTest
import TestSupport
import XCTest

final class RepeatElementGenerateTests: RxTestCase {
    func testRepeatElement() {
        XCTAssertEqual(collect(Observable.repeatElement(4).take(3)), [.next(4), .next(4), .next(4), .completed])
    }

    func testGenerate() {
        XCTAssertEqual(
            collect(Observable.generate(initialState: 1, condition: { $0 < 10 }, iterate: { $0 * 3 })),
            [.next(1), .next(3), .next(9), .completed])
    }

    func testGenerateThrows() {
        let source = Observable.generate(
            initialState: 0, condition: { _ in true },
            iterate: { value -> Int in
                if value == 1 { throw testError }
                return value + 1
            })
        XCTAssertEqual(collect(source), [.next(0), .next(1), .error(testError)])
    }
}
