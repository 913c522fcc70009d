import Dispatch
import Foundation
import RxSwift
import TestSupport
import XCTest

/// A serial scheduler on a queue it made runs its work in batches (`SerialRunQueue`): what it
/// runs, and in what order, must be what one block per action would run.
final class SerialRunQueueTests: RxTestCase {
    /// Waits until `scheduler` has run everything scheduled before this call.
    private func drained(_ scheduler: SerialDispatchQueueScheduler) {
        let done = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(()) { _ in
            done.signal()
            return Disposables.create()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the scheduler never ran its last action")
    }

    func testActionsAndEventsOfTwoSequencesRunInTheOrderTheyWereScheduled() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let log = LockedBox<[String]>([])
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let subscriptions = [
            first.observe(on: scheduler).subscribe(onNext: { value in log.mutate { $0.append("first \(value)") } }),
            second.observe(on: scheduler).subscribe(onNext: { value in log.mutate { $0.append("second \(value)") } }),
        ]
        var expected: [String] = []
        for round in 0..<300 {
            switch round % 3 {
            case 0:
                first.onNext(round)
                expected.append("first \(round)")
            case 1:
                second.onNext(round)
                expected.append("second \(round)")
            default:
                _ = scheduler.schedule(round) { round in
                    log.mutate { $0.append("action \(round)") }
                    return Disposables.create()
                }
                expected.append("action \(round)")
            }
        }
        drained(scheduler)
        XCTAssertEqual(log.value, expected)
        subscriptions.forEach { $0.dispose() }
    }

    func testAnActionDisposedBeforeItsTurnNeverRuns() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let log = LockedBox<[String]>([])
        let release = DispatchSemaphore(value: 0)
        // The first action holds the queue, so the next two wait in the run queue.
        _ = scheduler.schedule(()) { _ in
            release.wait()
            log.mutate { $0.append("first") }
            return Disposables.create()
        }
        let cancelled = scheduler.schedule(()) { _ in
            log.mutate { $0.append("cancelled") }
            return Disposables.create()
        }
        _ = scheduler.schedule(()) { _ in
            log.mutate { $0.append("last") }
            return Disposables.create()
        }
        cancelled.dispose()
        release.signal()
        drained(scheduler)
        XCTAssertEqual(log.value, ["first", "last"])
    }

    func testATimerFiredWhileTheQueueIsBusyRunsBehindWhatWasScheduledBefore() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let log = LockedBox<[String]>([])
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(()) { _ in
            started.signal()
            release.wait()
            return Disposables.create()
        }
        // Scheduled once the first batch runs: it waits for the next batch, which the timer's
        // handler (due at once, so dispatched while the first action holds the queue, unless the
        // machine is slow to fire it) comes before. The order must hold either way.
        started.wait()
        _ = scheduler.schedule(()) { _ in
            log.mutate { $0.append("scheduled before") }
            return Disposables.create()
        }
        let fired = DispatchSemaphore(value: 0)
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(0)) { _ in
            log.mutate { $0.append("timer") }
            fired.signal()
            return Disposables.create()
        }
        release.signal()
        XCTAssertEqual(fired.wait(timeout: .now() + 10), .success, "the timer never ran")
        drained(scheduler)
        XCTAssertEqual(log.value, ["scheduled before", "timer"])
    }

    func testOnAQueueTheCallerPassedEachActionIsABlockOfItsOwn() {
        let queue = DispatchQueue(label: "caller's queue")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let log = LockedBox<[String]>([])
        let subject = PublishSubject<Int>()
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { value in
            log.mutate { $0.append("event \(value)") }
        })
        let release = DispatchSemaphore(value: 0)
        queue.async { release.wait() }
        subject.onNext(1)
        queue.async { log.mutate { $0.append("caller's block") } }
        subject.onNext(2)
        release.signal()
        queue.sync {}
        XCTAssertEqual(log.value, ["event 1", "caller's block", "event 2"])
        subscription.dispose()
    }
}
