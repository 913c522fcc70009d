import Dispatch
import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

final class ObserveOnTests: RxTestCase {
    func testOneScheduledActionPerEventOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(1, 2).observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .completed(203)])
    }

    func testSerialQueueInterleavesOtherWorkAsEventsArrive() {
        // Each event is scheduled when it arrives, so work queued between two events runs between
        // their deliveries (RxSwift's observe(on:) on a serial queue).
        let queue = DispatchQueue(label: "observe-on")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let subject = PublishSubject<String>()
        let log = LockedBox<[String]>([])
        let gate = DispatchSemaphore(value: 0)
        queue.async { gate.wait() }
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { value in log.mutate { $0.append(value) } }
        )
        subject.onNext("e1")
        _ = scheduler.schedule(()) { _ in
            log.mutate { $0.append("other") }
            return Disposables.create()
        }
        subject.onNext("e2")
        gate.signal()
        queue.sync {}
        XCTAssertEqual(log.value, ["e1", "other", "e2"])
        subscription.dispose()
    }

    func testDeliversOnSchedulerInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .next(221, 2), .completed(231)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testErrorAndDisposalDropPendingEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .error(221, testError)])
        let ys = scheduler.createHotObservable([.next(1_010, 1)])
        let res2 = scheduler.start(created: 1_000, subscribed: 1_000, disposed: 1_010) { ys.observe(on: scheduler) }
        XCTAssertEqual(res2.events, [])
    }

    func testSerialisesAcrossThreadsOntoSerialQueue() {
        let queue = DispatchQueue(label: "test.observe-on")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let received = LockedBox<[Int]>([])
        let done = expectation(description: "completed")
        let subject = PublishSubject<Int>()
        let subscription = subject.observe(on: scheduler).subscribe(
            onNext: { value in
                dispatchPrecondition(condition: .onQueue(queue))
                received.mutate { $0.append(value) }
            }, onCompleted: { done.fulfill() })
        runConcurrently(2) { thread in
            for value in 0..<2_000 { subject.onNext(thread * 10_000 + value) }
        }
        subject.onCompleted()
        wait(for: [done], timeout: 30)
        subscription.dispose()
        queue.sync {} // the work item that delivered completion has returned and released its sink
        XCTAssertEqual(received.value.count, 4_000)
    }

    @available(*, deprecated, message: "exercises deprecated aliases on purpose")
    func testDeprecatedAliasBehavesTheSame() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let res = scheduler.start { xs.observeOn(scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .completed(231)])
    }

    /// `observe(on:)` the test scheduler: each event one step later.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(211, 1), .next(221, 2), .next(231, 3), .completed(241)]),
                .empty([.completed(211)]),
                .error([.next(211, 1), .error(221, testError)]),
                .disposedMidStream([.next(211, 1), .next(221, 2)]),
            ]
        ) { source, scheduler in source.observe(on: scheduler) }
    }

    /// `Resources.numberOfSerialDispatchQueueObservables` counts the live sequences that
    /// `observe(on:)` made with a serial dispatch queue scheduler, as RxSwift's tests read it.
    func testCountsTheSequencesObservingOnASerialDispatchQueue() {
        let start = Resources.numberOfSerialDispatchQueueObservables
        var observed: Observable<Int>? = Observable.just(0).observe(on: SerialDispatchQueueScheduler(qos: .default))
        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, start + 1)
        _ = Observable.just(0).observe(on: ConcurrentDispatchQueueScheduler(qos: .default))
        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, start + 1)
        XCTAssertNotNil(observed)
        observed = nil
        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, start)
    }
}
