import RxSwift
import RxTest
import TestSupport
import XCTest

final class GenerateTests: RxTestCase {
    func testScenarios() {
        assertSourceScenarios([
            .toTheEnd([.next(201, 1), .next(202, 3), .next(203, 9), .completed(204)]),
            .disposed(at: 202, [.next(201, 1)]),
        ]) { scheduler in
            Observable.generate(initialState: 1, condition: { $0 < 10 }, scheduler: scheduler, iterate: { $0 * 3 })
        }
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
