import Foundation
import RxSwift
import RxTest
import Synchronization
import TestSupport
import XCTest

/// A log the tests' tasks and virtual actions append to.
private final class Log: Sendable {
    private let entries = Mutex<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

/// TestScheduler as a `Clock` for async code (Sources/RxTest/TestScheduler+Clock.swift).
final class TestSchedulerClockTests: TimeLimitedTestCase {
    /// Sleeping tasks wake at their virtual due times, in order with the scheduler's other
    /// events, and each runs until it next waits before the scheduler moves on.
    func testSleepersWakeAtTheirVirtualTimesInOrderWithOtherEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let clock = scheduler.asyncClock
        let log = Log()
        scheduler.task {
            try await Task.sleep(for: .seconds(30), clock: clock)
            log.add("A@\(scheduler.clock)")
        }
        scheduler.task {
            try await Task.sleep(for: .seconds(10), clock: clock)
            log.add("B@\(scheduler.clock)")
            try await Task.sleep(for: .seconds(15), clock: clock)
            log.add("B2@\(scheduler.clock)")
        }
        scheduler.scheduleAt(20) { log.add("rx@20") }
        XCTAssertEqual(log.all, [], "nothing runs before the scheduler does")
        scheduler.start()
        XCTAssertEqual(log.all, ["B@10", "rx@20", "B2@25", "A@30"])
        XCTAssertEqual(scheduler.clock, 30)
    }

    /// A woken task's step runs before the next virtual event, every time (no race with it).
    func testAWokenTaskRunsBeforeTheNextEvent() {
        for _ in 0..<200 {
            let scheduler = TestScheduler(initialClock: 0)
            let clock = scheduler.asyncClock
            let log = Log()
            scheduler.task {
                for step in 1...3 {
                    try await Task.sleep(for: .seconds(10), clock: clock)
                    log.add("step \(step)")
                }
            }
            var seen: [Int] = []
            for time in [11, 21, 31] { scheduler.scheduleAt(time) { seen.append(log.all.count) } }
            scheduler.start()
            XCTAssertEqual(seen, [1, 2, 3])
        }
    }

    /// `now`, instants and durations in ticks of `resolution` seconds; a sleep shorter than a
    /// tick takes one.
    func testNowAndDurationsFollowTheResolution() async throws {
        let scheduler = TestScheduler(initialClock: 100, resolution: 0.001)
        let clock = scheduler.asyncClock
        XCTAssertEqual(clock.now.time, 100)
        XCTAssertEqual(clock.now.advanced(by: .milliseconds(250)).time, 350)
        XCTAssertEqual(clock.now.advanced(by: .microseconds(1)).time, 101)
        XCTAssertEqual(clock.now.duration(to: clock.now.advanced(by: .seconds(2))), .seconds(2))
        XCTAssertEqual(clock.minimumResolution, .milliseconds(1))
        let done = scheduler.task { try await clock.sleep(until: clock.now.advanced(by: .milliseconds(5))) }
        scheduler.start()
        try await done.value
        XCTAssertEqual(scheduler.clock, 105)
        // A deadline already reached returns at once.
        try await clock.sleep(until: clock.now)
    }

    /// Cancelling a sleeping task throws `CancellationError` in it and removes its wake-up.
    func testCancellingASleepRemovesItsWakeUp() async {
        let scheduler = TestScheduler(initialClock: 0)
        let clock = scheduler.asyncClock
        let sleeping = scheduler.task { try await Task.sleep(for: .seconds(50), clock: clock) }
        scheduler.advanceTo(10)
        sleeping.cancel()
        scheduler.start()
        XCTAssertEqual(scheduler.clock, 10, "the wake-up at 50 was removed")
        do {
            try await sleeping.value
            XCTFail("expected CancellationError")
        } catch {
            XCTAssertTrue(error is CancellationError)
        }
    }

    /// Rx operators and async code on one timeline: `flatMapLatest` with an async function that
    /// sleeps on the scheduler's clock, switching away from a call still sleeping.
    /// (Repeated: on the global executor instead, the result would depend on thread timing.)
    func testAsyncFunctionsInsideChainsRunOnVirtualTime() {
        for _ in 0..<50 {
            let scheduler = TestScheduler(initialClock: 0)
            let clock = scheduler.asyncClock
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(300, 3), .completed(400)])
            let res = scheduler.start {
                xs.flatMapLatest { value in
                    try await Task.sleep(for: .seconds(50), clock: clock)
                    return value * 10
                }
            }
            XCTAssertEqual(res.events, [.next(270, 20), .next(350, 30), .completed(400)])
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        }
    }

    /// A woken task runs at its due time before an event scheduled for the same time after its
    /// sleep began.
    func testAWokenTaskRunsBeforeEventsScheduledAfterItsSleepForTheSameTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let clock = scheduler.asyncClock
        let log = Log()
        scheduler.task {
            try await Task.sleep(for: .seconds(10), clock: clock)
            log.add("woken")
        }
        scheduler.scheduleAt(5) {
            scheduler.scheduleAt(10) { log.add("event scheduled at 5 for 10") }
        }
        scheduler.start()
        XCTAssertEqual(log.all, ["woken", "event scheduled at 5 for 10"])
    }

    /// An `Observable` made of async work that sleeps on the scheduler's clock: its elements at
    /// their virtual times.
    func testObservableFromAsyncWorkOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let clock = scheduler.asyncClock
        let res = scheduler.start {
            Observable<Int>.create { observer in
                for value in 1...3 {
                    try await Task.sleep(for: .seconds(10), clock: clock)
                    await observer.send(value)
                }
            }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)])
    }
}
