// swift-format-ignore-file
// (Laid out as the pages show it; SamplesAreCompiledTests compares the two.)
// The code of the modules' landing pages that no article has, compiled and run.

import RxBlocking
import RxRelay
import RxSwift
import TestSupport
import XCTest

final class LandingPagesTests: ArticleTestCase {
    func testRxRelay() {
        let query = BehaviorRelay(value: "")
        query.accept("Seoul")
        print(query.value)   // Seoul

        XCTAssertEqual(takePrinted(), ["Seoul"])
    }
}

// RxBlocking's landing page: a wait in main-actor code for a chain whose closure belongs to the
// main actor.
@MainActor
final class SearchTests: XCTestCase {
    func testDoubles() async throws {
        let doubled = Observable.of(1, 2).observe(on: ConcurrentDispatchQueueScheduler(qos: .default))
            .map { $0 * 2 }  // a closure of the main actor: it runs on main
        XCTAssertEqual(try doubled.toBlocking(timeout: 5).toArray(), [2, 4])
    }
}
