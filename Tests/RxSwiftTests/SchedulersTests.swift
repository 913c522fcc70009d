import Dispatch
import Foundation
import RxSwift
import TestSupport
import RxTest
import Synchronization
import XCTest

final class CurrentThreadSchedulerTests: RxTestCase {
    func testTrampolinesNestedSchedules() {
        var log: [String] = []
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            XCTAssertFalse(CurrentThreadScheduler.isScheduleRequired)
            log.append("outer start")
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("inner")
                return Disposables.create()
            }
            log.append("outer end")
            return Disposables.create()
        }
        XCTAssertEqual(log, ["outer start", "outer end", "inner"])
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
    }

    func testDisposedQueuedActionDoesNotRun() {
        var ran = false
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            let queued = CurrentThreadScheduler.instance.schedule(()) { _ in
                ran = true
                return Disposables.create()
            }
            queued.dispose()
            return Disposables.create()
        }
        XCTAssertFalse(ran)
    }

    func testMillionRecursiveSchedulesUseConstantStack() {
        var count = 0
        _ = CurrentThreadScheduler.instance.scheduleRecursive(0) { value, recurse in
            count += 1
            if value < 999_999 { recurse(value + 1) }
        }
        XCTAssertEqual(count, 1_000_000)
    }
}

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
            _ = scheduler.schedule(()) { _ in times.append(scheduler.clock); return Disposables.create() }
            _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in times.append(scheduler.clock); return Disposables.create() }
        }
        scheduler.start()
        XCTAssertEqual(times, [101, 105])
    }

    func testWithoutProcessingDelay() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        var times: [Int] = []
        scheduler.scheduleAt(100) {
            _ = scheduler.schedule(()) { _ in times.append(scheduler.clock); return Disposables.create() }
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
        let item = scheduler.scheduleRelativeVirtual((), dueTime: 10) { _ in ran = true; return Disposables.create() }
        item.dispose()
        scheduler.start()
        XCTAssertFalse(ran)
    }

    func testHistoricalScheduler() {
        let start = Date(timeIntervalSince1970: 1_000)
        let scheduler = HistoricalScheduler(initialClock: start)
        var seen: [Date] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(30)) { _ in seen.append(scheduler.now); return Disposables.create() }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in seen.append(scheduler.now); return Disposables.create() }
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

final class DispatchSchedulersTests: RxTestCase {
    func testSerialQueueRunsInOrderOffTheCallingThread() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.serial")
        let log = LockedBox<[Int]>([])
        let done = expectation(description: "done")
        for index in 0..<100 {
            _ = scheduler.schedule(index) { index in
                XCTAssertFalse(Thread.isMainThread)
                log.mutate { $0.append(index) }
                if index == 99 { done.fulfill() }
                return Disposables.create()
            }
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.value, Array(0..<100))
    }

    func testRelativeSchedulingAndCancellation() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let fired = expectation(description: "fired")
        let ranCancelled = LockedBox(false)
        let cancelled = scheduler.scheduleRelative((), dueTime: .milliseconds(1)) { _ in
            ranCancelled.mutate { $0 = true }
            return Disposables.create()
        }
        cancelled.dispose()
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
            fired.fulfill()
            return Disposables.create()
        }
        wait(for: [fired], timeout: 10)
        XCTAssertFalse(ranCancelled.value)
    }

    func testPeriodicOnDispatchQueue() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let ticks = LockedBox(0)
        let done = expectation(description: "three ticks")
        let periodic = scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(1)) { state in
            if state == 2 { done.fulfill() }
            ticks.mutate { $0 += 1 }
            return state + 1
        }
        wait(for: [done], timeout: 10)
        periodic.dispose()
        XCTAssertGreaterThanOrEqual(ticks.value, 3)
    }

    func testMainSchedulerRunsImmediatelyOnMainThread() {
        XCTAssertTrue(Thread.isMainThread)
        var ran = false
        _ = MainScheduler.instance.schedule(()) { _ in ran = true; return Disposables.create() }
        XCTAssertTrue(ran)
        MainScheduler.ensureExecutingOnScheduler()
    }

    func testMainSchedulerHopsFromBackgroundThread() {
        let done = expectation(description: "on main")
        let onMain = LockedBox(false)
        DispatchQueue.global().async {
            _ = MainScheduler.instance.schedule(()) { _ in
                onMain.mutate { $0 = Thread.isMainThread }
                done.fulfill()
                return Disposables.create()
            }
        }
        wait(for: [done], timeout: 10)
        XCTAssertTrue(onMain.value)
    }

    func testAsyncInstanceAlwaysHops() {
        var ran = false
        let done = expectation(description: "ran")
        _ = MainScheduler.asyncInstance.schedule(()) { _ in ran = true; done.fulfill(); return Disposables.create() }
        XCTAssertFalse(ran)
        wait(for: [done], timeout: 10)
        XCTAssertTrue(ran)
    }

    func testConcurrentMainScheduler() {
        var ran = false
        _ = ConcurrentMainScheduler.instance.schedule(()) { _ in ran = true; return Disposables.create() }
        XCTAssertTrue(ran)
    }

    func testOperationQueueScheduler() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        let done = expectation(description: "ran")
        _ = scheduler.schedule(5) { value in
            XCTAssertEqual(value, 5)
            done.fulfill()
            return Disposables.create()
        }
        wait(for: [done], timeout: 10)
    }
}
