// swift-format-ignore-file
// (Laid out as CONTRIBUTING.md and .github/ISSUE_TEMPLATE/bug_report.md show it;
// SamplesAreCompiledTests compares them.)

import RxSwift
import RxTest
import TestSupport
import XCTest

final class ContributingExamplesTests: RxTestCase {
    func testDebounceEmitsTheLastElementOfABurst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-a-b------c---|", values: ["a": 1, "b": 2, "c": 3])
        let res = scheduler.start { xs.debounce(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, marbles: "------b------c|", values: ["b": 2, "c": 3])
    }

    func testWhatGoesWrong() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-a-b-|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.map { $0 * 10 } }
        XCTAssertEqual(res.events, marbles: "-x-y-|", values: ["x": 10, "y": 20])
    }
}
