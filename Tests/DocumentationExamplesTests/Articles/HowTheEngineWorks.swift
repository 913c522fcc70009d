// swift-format-ignore-file
// (Laid out as the article shows it; SamplesAreCompiledTests compares the two.)
// The code of RxSwift.docc/HowTheEngineWorks.md, compiled and run; and its benchmark table,
// checked against the last full run's numbers.

import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

extension ObservableType where Element: Equatable {
    /// Elements that stay the same for `interval`, once each.
    func settled(for interval: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        debounce(interval, scheduler: scheduler).distinctUntilChanged()
    }
}

final class HowTheEngineWorksTests: RxTestCase {
    func testAComposedOperator() {
        let scheduler = TestScheduler(initialClock: 0)
        let input: TestableObservable<String> = scheduler.createHotObservable("-a-b----b----|")
        let settled = scheduler.start { input.settled(for: .seconds(30), scheduler: scheduler) }
        XCTAssertEqual(settled.events, marbles: "------b------|")
    }

    /// Every number of the article's table is the rounded instruction count of
    /// `Benchmarks/instructions-latest.txt` (written by `Benchmarks/run.sh`).
    func testTheCostTableIsTheLastRunsNumbers() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/RxSwift/RxSwift.docc/HowTheEngineWorks.md"), encoding: .utf8)
        let latest = try String(
            contentsOf: root.appendingPathComponent("Benchmarks/instructions-latest.txt"), encoding: .utf8)
        let columns = ["floor": 2, "OpenRx": 3, "OpenCombine": 4, "AsyncSequence": 5]
        let rows = article.split(separator: "\n").map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        var checked = 0
        for line in latest.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 3, let column = columns[String(fields[1])], let value = Double(fields[2]) else { continue }
            let row = try XCTUnwrap(rows.first { $0.first == String(fields[0]) }, "no row \(fields[0]) in the article")
            let expected = Int(value.rounded()).formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
            XCTAssertEqual(row[column], expected, "workload \(fields[0]), \(fields[1])")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 35)
    }
}
