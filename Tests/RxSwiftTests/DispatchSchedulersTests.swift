import Dispatch
import Foundation
import RxSwift
import RxTest
import Synchronization
import TestSupport
import XCTest

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
            // Counted before the expectation is fulfilled: the test thread reads the count as
            // soon as it is.
            ticks.mutate { $0 += 1 }
            if state == 2 { done.fulfill() }
            return state + 1
        }
        wait(for: [done], timeout: 10)
        periodic.dispose()
        XCTAssertGreaterThanOrEqual(ticks.value, 3)
    }

    func testMainSchedulerRunsImmediatelyOnMainThread() {
        XCTAssertTrue(Thread.isMainThread)
        var ran = false
        _ = MainScheduler.instance.schedule(()) { _ in
            ran = true; return Disposables.create()
        }
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
        _ = MainScheduler.asyncInstance.schedule(()) { _ in
            ran = true; done.fulfill(); return Disposables.create()
        }
        XCTAssertFalse(ran)
        wait(for: [done], timeout: 10)
        XCTAssertTrue(ran)
    }

    func testConcurrentMainScheduler() {
        var ran = false
        _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
            ran = true; return Disposables.create()
        }
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
