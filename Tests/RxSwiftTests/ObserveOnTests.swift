import Dispatch
import Foundation
import RxSwift
import RxTest
import Synchronization
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

/// An executor that runs an actor's jobs on a serial queue and counts them.
final class CountingExecutor: SerialExecutor, @unchecked Sendable {
    // @unchecked Sendable: `queue` is a serial dispatch queue; `jobs` is atomic.
    private let queue = DispatchQueue(label: "CountingExecutor")
    let jobs = Atomic<Int>(0)

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.add(1, ordering: .relaxed)
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }
}

/// An actor of the test's own, on a `CountingExecutor`.
actor Tally {
    nonisolated let executor = CountingExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private var bag = DisposeBag()
    private(set) var total = 0
    nonisolated let deinitialised: LockedBox<Bool>

    init(deinitialised: LockedBox<Bool> = LockedBox(false)) {
        self.deinitialised = deinitialised
    }

    deinit {
        deinitialised.mutate { $0 = true }
    }

    /// Sums the values on the actor; `log` gets each value as the observer sees it.
    func count(_ values: Observable<Int>, log: LockedBox<[String]>) {
        values.observe(on: self)
            .map { value in
                self.preconditionIsolated()
                return value * 10
            }
            .filter { _ in self.total >= 0 }
            .subscribe(
                onNext: { value in
                    self.preconditionIsolated()
                    self.total += value
                    log.mutate { $0.append("\(value)") }
                },
                onCompleted: { log.mutate { $0.append("completed") } }
            )
            .disposed(by: bag)
    }

    /// Delivers the values on the actor, with no closure of its own (nothing that captures it).
    func watch(_ values: Observable<Int>) {
        values.observe(on: self).subscribe().disposed(by: bag)
    }

    func stop() {
        bag = DisposeBag()
    }
}

final class ObserveOnActorTests: RxTestCase {
    func testEventsAreDeliveredOnTheActorInOrderAndItsClosuresAddNoHop() async {
        let tally = Tally()
        let log = LockedBox<[String]>([])
        let subject = PublishSubject<Int>()
        await tally.count(subject.asObservable(), log: log)
        for value in 1...20 {
            let jobsBefore = tally.executor.jobs.load(ordering: .relaxed)
            subject.onNext(value) // from outside the actor
            let arrived = await eventually { log.value.count == value }
            XCTAssertTrue(arrived)
            XCTAssertEqual(
                tally.executor.jobs.load(ordering: .relaxed) - jobsBefore, 1,
                "one job of the actor per event: map, filter and the observer run in the job of observe(on:)")
        }
        subject.onCompleted()
        let completed = await eventually { log.value.last == "completed" }
        XCTAssertTrue(completed)
        XCTAssertEqual(log.value, (1...20).map { "\($0 * 10)" } + ["completed"])
        let total = await tally.total
        XCTAssertEqual(total, 2_100)
    }

    func testNothingIsDeliveredAfterDisposal() async {
        let tally = Tally()
        let log = LockedBox<[String]>([])
        let subject = PublishSubject<Int>()
        await tally.count(subject.asObservable(), log: log)
        subject.onNext(1)
        await tally.stop()
        subject.onNext(2)
        XCTAssertFalse(subject.hasObservers)
        let total = await tally.total
        XCTAssertTrue(total == 0 || total == 10, "1 may have arrived before the disposal; 2 never: \(total)")
    }

    func testASubscriptionTheActorKeepsDoesNotKeepTheActor() async {
        let deinitialised = LockedBox(false)
        let subject = PublishSubject<Int>()
        do {
            let tally = Tally(deinitialised: deinitialised)
            await tally.watch(subject.asObservable())
            subject.onNext(1)
        }
        let gone = await eventually { deinitialised.value }
        XCTAssertTrue(gone, "the actor's scheduler holds it weakly")
        // The actor's `deinit` body runs before its stored properties go: its bag is disposed
        // just after the flag is set, maybe on another thread.
        let unsubscribed = await eventually { !subject.hasObservers }
        XCTAssertTrue(unsubscribed, "its dispose bag went with it")
    }

    @MainActor
    func testMarbles_OnTheMainActorEventsArrivingOnMainAreDeliveredAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.observe(on: MainActor.shared) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testOnTheMainActorEventsFromAnotherThreadArriveOnMainInOrder() async {
        let received = LockedBox<[Int]>([])
        let onMain = LockedBox<[Bool]>([])
        let subscription = Observable.range(start: 1, count: 100)
            .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
            .observe(on: MainActor.shared)
            .subscribe(onNext: { @Sendable value in
                received.mutate { $0.append(value) }
                onMain.mutate { $0.append(Thread.isMainThread) }
            })
        let arrived = await eventually { received.value.count == 100 }
        XCTAssertTrue(arrived)
        XCTAssertEqual(received.value, Array(1...100))
        XCTAssertEqual(onMain.value, Array(repeating: true, count: 100))
        subscription.dispose()
    }
}
