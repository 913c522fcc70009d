// swift-format-ignore-file
// (Laid out as the pages show it; SamplesAreCompiledTests compares the two.)
// The code of the modules' landing pages that no article has, compiled and run.

import RxRelay
import RxSwift
import TestSupport
import XCTest

final class LandingPagesTests: TimeLimitedTestCase {
    override func setUp() { _ = takePrinted() }

    func testRxRelay() {
        let query = BehaviorRelay(value: "")
        query.accept("Seoul")
        print(query.value)   // Seoul

        XCTAssertEqual(takePrinted(), ["Seoul"])
    }
}
