import Dispatch
import Foundation
import RxSwift
import RxTest
import Synchronization
import TestSupport
import XCTest

final class VirtualTimeSchedulerTests: RxTestCase {
    func testRunsInTimeOrderWithTiesInScheduleOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        scheduler.scheduleAt(20) { log.append("b@\(scheduler.clock)") }
        scheduler.scheduleAt(10) { log.append("a@\(scheduler.clock)") }
        scheduler.scheduleAt(20) { log.append("c@\(scheduler.clock)") }
        scheduler.start()
        XCTAssertEqual(log, ["a@10", "b@20", "c@20"])
    }

    func testRelativeScheduleAndProcessingDelay() {
        let scheduler = TestScheduler(initialClock: 0)
        var times: [Int] = []
        scheduler.scheduleAt(100) {
            _ = scheduler.schedule(()) { _ in
                times.append(scheduler.clock); return Disposables.create()
            }
            _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
                times.append(scheduler.clock); return Disposables.create()
            }
        }
        scheduler.start()
        XCTAssertEqual(times, [101, 105])
    }

    func testWithoutProcessingDelay() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        var times: [Int] = []
        scheduler.scheduleAt(100) {
            _ = scheduler.schedule(()) { _ in
                times.append(scheduler.clock); return Disposables.create()
            }
        }
        scheduler.start()
        XCTAssertEqual(times, [100])
    }

    func testAdvanceToStopAndSleep() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [Int] = []
        scheduler.scheduleAt(10) { log.append(10) }
        scheduler.scheduleAt(30) { log.append(30) }
        scheduler.advanceTo(20)
        XCTAssertEqual(log, [10])
        XCTAssertEqual(scheduler.clock, 20)
        scheduler.sleep(5)
        XCTAssertEqual(scheduler.clock, 25)
        scheduler.scheduleAt(40) { scheduler.stop() }
        scheduler.scheduleAt(50) { log.append(50) }
        scheduler.start()
        XCTAssertEqual(log, [10, 30])
        XCTAssertEqual(scheduler.clock, 40)
    }

    func testCancelledItemDoesNotRun() {
        let scheduler = TestScheduler(initialClock: 0)
        var ran = false
        let item = scheduler.scheduleRelativeVirtual((), dueTime: 10) { _ in
            ran = true; return Disposables.create()
        }
        item.dispose()
        scheduler.start()
        XCTAssertFalse(ran)
    }

    func testHistoricalScheduler() {
        let start = Date(timeIntervalSince1970: 1_000)
        let scheduler = HistoricalScheduler(initialClock: start)
        var seen: [Date] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(30)) { _ in
            seen.append(scheduler.now); return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            seen.append(scheduler.now); return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(seen, [start.addingTimeInterval(10), start.addingTimeInterval(30)])
    }

    func testPeriodicScheduling() {
        let scheduler = TestScheduler(initialClock: 0)
        var ticks: [Int] = []
        var periodic: Disposable?
        scheduler.scheduleAt(100) {
            periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(10), period: .seconds(5)) { state in
                ticks.append(scheduler.clock)
                return state + 1
            }
        }
        scheduler.scheduleAt(126) { periodic?.dispose() }
        scheduler.start()
        XCTAssertEqual(ticks, [110, 115, 120, 125])
    }
}
