import Dispatch
import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import RxSwift

/// Many threads sending into one subject at once (issue 62): a contended send waits a bounded
/// while for the delivering role and then delivers its own element, or queues it. Either way
/// every element is delivered once, deliveries never overlap, each thread's elements keep its
/// order, and what the subject remembers (its value, its replay) is what it delivered last.
final class SubjectContentionTests: RxTestCase {
    private static let threads = 8
    private static let perThread = 1_500
    private var threads: Int { Self.threads }
    private var perThread: Int { Self.perThread }

    /// Spins for about `microseconds`: a subscriber slow enough that waiting senders run out of
    /// patience and queue their elements, so both ways of a contended send are taken.
    private static func busy(microseconds: UInt64) {
        let end = DispatchTime.now().uptimeNanoseconds + microseconds * 1_000
        while DispatchTime.now().uptimeNanoseconds < end {}
    }

    /// What a subscriber saw: the elements in delivery order, and whether two deliveries ever
    /// overlapped.
    private final class Recorder: @unchecked Sendable {
        // @unchecked Sendable: `elements` is guarded by `lock`; `inside` is atomic.
        private let lock = NSLock()
        private var elements: [Int] = []
        private let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)

        func enter() {
            if inside.wrappingAdd(1, ordering: .acquiring).newValue != 1 { overlaps.add(1, ordering: .relaxed) }
        }

        func leave(_ element: Int) {
            lock.lock()
            elements.append(element)
            lock.unlock()
            inside.wrappingSubtract(1, ordering: .releasing)
        }

        var seen: [Int] {
            lock.lock()
            defer { lock.unlock() }
            return elements
        }
    }

    private func assertDeliveredOnceInOrder(_ seen: [Int], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(seen.count, threads * perThread, file: file, line: line)
        var next = [Int](repeating: 0, count: threads)
        for element in seen {
            let thread = element / 1_000_000
            XCTAssertEqual(element % 1_000_000, next[thread], "thread \(thread) out of order", file: file, line: line)
            next[thread] = element % 1_000_000 + 1
        }
    }

    /// Subscribes a recorder to `observable` (slow on every `slowEvery`-th element, so that some
    /// waiting senders run out of patience and queue), sends from every thread through `send`,
    /// and checks what it saw: every element once, in each thread's order, no deliveries
    /// overlapping. Returns the elements in the order delivered.
    private func deliveries(
        of observable: Observable<Int>, slowEvery: Int, send: @escaping @Sendable (Int) -> Void,
        file: StaticString = #filePath, line: UInt = #line
    ) -> [Int] {
        let recorder = Recorder()
        let subscription = observable.subscribe(onNext: { element in
            recorder.enter()
            if element % slowEvery == 0 { Self.busy(microseconds: 30) }
            recorder.leave(element)
        })
        runConcurrently(threads, timeout: 120) { thread in
            for index in 0..<Self.perThread { send(thread * 1_000_000 + index) }
        }
        subscription.dispose()
        XCTAssertEqual(recorder.overlaps.load(ordering: .relaxed), 0, "deliveries overlapped", file: file, line: line)
        let seen = recorder.seen
        assertDeliveredOnceInOrder(seen, file: file, line: line)
        return seen
    }

    func testSendsFromManyThreadsAreDeliveredOnceInOrderWithoutOverlap() throws {
        let subject = BehaviorSubject(value: -1)
        let seen = deliveries(of: subject.skip(1), slowEvery: 97) { subject.onNext($0) }
        // What it remembers is what it delivered last: recorded in the order of delivery.
        XCTAssertEqual(try subject.value(), seen.last)
    }

    /// Its buffer holds every element: the replay must be exactly what was delivered, in the
    /// same order (an element recorded before its sender got the role would be out of place, or
    /// twice there).
    func testAReplaySubjectRecordsInTheOrderItDelivers() {
        let subject = ReplaySubject<Int>.createUnbounded()
        let seen = deliveries(of: subject.asObservable(), slowEvery: 89) { subject.onNext($0) }
        var replayed: [Int] = []
        subject.subscribe(onNext: { replayed.append($0) }).dispose()
        XCTAssertEqual(replayed.count, seen.count)
        XCTAssertTrue(replayed == seen, "the replay is not the order of delivery")
    }

    /// A subscriber that sends into its own subject while other threads send: the re-entrant
    /// element is queued behind the delivery that sent it (the sending thread has the role and
    /// must not wait for itself), and comes once, after it.
    func testReentrantSendsWhileOtherThreadsSend() {
        let subject = PublishSubject<Int>()
        let recorder = Recorder()
        let subscription = subject.subscribe(onNext: { element in
            recorder.enter()
            recorder.leave(element)
            if element >= 0, element % 10 == 0 { subject.onNext(-1 - element) }
        })
        runConcurrently(threads, timeout: 120) { thread in
            for index in 0..<Self.perThread { subject.onNext(thread * 1_000_000 + index) }
        }
        subscription.dispose()
        let seen = recorder.seen
        XCTAssertEqual(recorder.overlaps.load(ordering: .relaxed), 0, "deliveries overlapped")
        assertDeliveredOnceInOrder(seen.filter { $0 >= 0 })
        let echoes = seen.enumerated().filter { $0.element < 0 }
        XCTAssertEqual(echoes.count, threads * perThread / 10)
        for (position, echo) in echoes {
            let original = -1 - echo
            let before = seen[..<position]
            XCTAssertTrue(before.contains(original), "\(echo) came before \(original)")
        }
    }

    #if DEBUG
    /// A re-entrant send on one thread never waits: the role it finds taken is its own thread's.
    func testAReentrantSendQueuesAtOnce() {
        let subject = PublishSubject<Int>()
        var seen: [Int] = []
        let subscription = subject.subscribe(onNext: { element in
            seen.append(element)
            if element < 1_000 { subject.onNext(element + 1) }
        })
        let waitedBefore = Backoff.roundsWaited
        subject.onNext(0)
        XCTAssertEqual(Backoff.roundsWaited, waitedBefore, "a re-entrant send waited for its own thread")
        XCTAssertEqual(seen, Array(0...1_000))
        subscription.dispose()
    }
    #endif

    /// Senders faster than their subscriber: a sender that finds `maximumQueued` elements
    /// waiting for the delivering thread waits for room, so the queue stays bounded (it grew
    /// with every send before: a server's memory grew by a gigabyte in a minute) and every
    /// element still arrives once, in each thread's order. The first delivery holds the role
    /// until the other threads have filled the queue (however slowly they run), so the bound is
    /// reached in every run. Past the bound only when the deliverer took nothing for
    /// `DrainWait.stallLimit` (a machine busy enough to keep the senders from filling it sooner).
    func testSendersFasterThanTheSubscriberWaitForRoomInTheQueue() {
        let subject = PublishSubject<Int>()
        let recorder = Recorder()
        let holding = Atomic<Bool>(true)
        let subscription = subject.subscribe(onNext: { element in
            recorder.enter()
            if holding.exchange(false, ordering: .relaxed) {
                let deadline = DispatchTime.now().uptimeNanoseconds + 30_000_000_000
                while subject.core.queueHistory.mostQueued < maximumQueued,
                    DispatchTime.now().uptimeNanoseconds < deadline
                {
                    sched_yield()
                }
            }
            if element % 7 == 0 { Self.busy(microseconds: 20) }
            recorder.leave(element)
        })
        runConcurrently(threads, timeout: 120) { thread in
            for index in 0..<Self.perThread { subject.onNext(thread * 1_000_000 + index) }
        }
        subscription.dispose()
        XCTAssertEqual(recorder.overlaps.load(ordering: .relaxed), 0, "deliveries overlapped")
        assertDeliveredOnceInOrder(recorder.seen)
        let history = subject.core.queueHistory
        XCTAssertGreaterThanOrEqual(
            history.mostQueued, maximumQueued, "the senders never filled the queue: the test proves nothing")
        if history.stalls == 0 {
            XCTAssertEqual(history.mostQueued, maximumQueued, "more elements waited than the bound")
        }
    }

    /// A sender that holds what the delivering thread's subscriber needs (a lock of its own)
    /// and sends more than `maximumQueued` elements: the deliverer is stuck until the sender
    /// lets go, so the sender stops waiting for room once the deliverer has taken nothing for
    /// `DrainWait.stallLimit`, queues the rest, and every element arrives in order.
    func testASenderHoldingWhatTheDelivererNeedsStopsWaitingForRoom() {
        let subject = PublishSubject<Int>()
        let theirs = NSLock()
        let delivering = DispatchSemaphore(value: 0)
        let senderHoldsIt = DispatchSemaphore(value: 0)
        let seen = Locked<[Int]>([])
        let subscription = subject.subscribe(onNext: { element in
            if element == 0 {
                delivering.signal()
                senderHoldsIt.wait()
                theirs.lock()
                theirs.unlock()
            }
            seen.withLock { $0.append(element) }
        })
        let finished = DispatchSemaphore(value: 0)
        // The first sender is the deliverer: its send returns once everything queued is delivered.
        Thread {
            subject.onNext(0)
            finished.signal()
        }.start()
        delivering.wait()
        theirs.lock()
        senderHoldsIt.signal()
        let count = maximumQueued + 20
        for element in 1...count { subject.onNext(element) }
        theirs.unlock()
        XCTAssertEqual(finished.wait(timeout: .now() + 60), .success, "the deliverer never finished")
        subscription.dispose()
        XCTAssertEqual(seen.withLock { $0 }, Array(0...count))
        let history = subject.core.queueHistory
        XCTAssertGreaterThanOrEqual(history.stalls, 1)
        XCTAssertGreaterThan(history.mostQueued, maximumQueued)
    }

    /// A relay's `accept` from many threads: the relay's value is the last element delivered.
    func testBehaviorSubjectValueAfterConcurrentSendsWithTwoSubscribers() throws {
        let subject = BehaviorSubject(value: -1)
        let first = Recorder()
        let second = Recorder()
        let subscriptions = [first, second].map { recorder in
            subject.skip(1).subscribe(onNext: { element in
                recorder.enter()
                recorder.leave(element)
            })
        }
        runConcurrently(threads, timeout: 120) { thread in
            for index in 0..<Self.perThread { subject.onNext(thread * 1_000_000 + index) }
        }
        subscriptions.forEach { $0.dispose() }
        XCTAssertEqual(first.seen, second.seen, "two subscribers saw different orders")
        assertDeliveredOnceInOrder(first.seen)
        XCTAssertEqual(try subject.value(), first.seen.last)
    }

    /// Subscribers that come and go on two threads while two others send: each change of the
    /// subscriber list made while another thread delivers goes to storage of the list's own
    /// (`SubjectCore.changeObservers`), and the subscriber that stays sees every element once,
    /// each sender's in order, one at a time. (A subscriber disposed from another thread may
    /// still get the element being delivered when `dispose()` was called, as in RxSwift; that
    /// is not checked here.)
    func testSubscribersComingAndGoingWhileOthersSend() {
        let subject = PublishSubject<Int>()
        let perSender = 50_000
        let stays = Recorder()
        let subscription = subject.subscribe(onNext: { element in
            stays.enter()
            stays.leave(element)
        })
        let senders = Atomic<Int>(2)
        let churned = Atomic<Int>(0)
        runConcurrently(4, timeout: 120) { thread in
            if thread < 2 {
                for index in 0..<perSender { subject.onNext(thread * 1_000_000 + index) }
                senders.subtract(1, ordering: .releasing)
                return
            }
            while senders.load(ordering: .acquiring) > 0 {
                subject.subscribe(onNext: { _ in }).dispose()
                churned.add(1, ordering: .relaxed)
            }
        }
        subscription.dispose()
        let seen = stays.seen
        for sender in 0..<2 {
            XCTAssertEqual(seen.filter { $0 / 1_000_000 == sender }.map { $0 % 1_000_000 }, Array(0..<perSender))
        }
        XCTAssertEqual(stays.overlaps.load(ordering: .relaxed), 0, "deliveries overlapped")
        XCTAssertGreaterThan(churned.load(ordering: .relaxed), 0)
    }

    /// One attempt of the turns below: one thread sends 0, 1, 2, … into a subject whose
    /// subscriber takes 1 µs an element, while another, once the first delivery began, sends -2
    /// until the subject has timed its deliveries (a sender that waits asks for that), then -1;
    /// the first thread stops when the second's last send returned (or the subject was disposed,
    /// or after 100,000 elements). With `disposingInstead`, the subscriber disposes the subject as
    /// soon as a sender is counted as waiting long. Returns the elements delivered, the turns
    /// left, the subject's count of long waits after both threads ended, its timings, and whether
    /// the subscriber disposed it.
    private func attemptATurn(disposingInstead: Bool) -> TurnAttempt {
        let subject = PublishSubject<Int>()
        let core = subject.core
        let started = Atomic<Bool>(false)
        let done = Atomic<Bool>(false)
        let disposed = Atomic<Bool>(false)
        let seen = Mutex<[Int]>([])
        let subscription = subject.subscribe(onNext: { element in
            started.store(true, ordering: .releasing)
            let end = DispatchTime.now().uptimeNanoseconds + 1_000
            while DispatchTime.now().uptimeNanoseconds < end {
                if disposingInstead && core.turnHistory.waitingLong > 0 {
                    subject.dispose()
                    disposed.store(true, ordering: .releasing)
                    done.store(true, ordering: .releasing)
                    break
                }
            }
            seen.withLock { $0.append(element) }
        })
        runConcurrently(2, timeout: 60) { thread in
            if thread == 0 {
                var next = 0
                while !done.load(ordering: .acquiring) && next < 100_000 {
                    subject.onNext(next)
                    next += 1
                }
            } else {
                while !started.load(ordering: .acquiring) {}
                var warmUps = 0
                while core.timingHistory.fastest == 0 && !done.load(ordering: .acquiring) && warmUps < 10_000 {
                    subject.onNext(-2)
                    warmUps += 1
                }
                subject.onNext(-1)
                done.store(true, ordering: .releasing)
            }
        }
        // Timings asked for again near the end (an attempt that the machine slowed past the 10 ms
        // the timings stand) are finished by a few sends from one thread, with nobody waiting.
        for element in 100_000..<100_000 + LongWait.window + 2 { subject.onNext(element) }
        subscription.dispose()
        let history = core.turnHistory
        return TurnAttempt(
            seen: seen.withLock { $0 }, turns: history.turns, waitingLong: history.waitingLong,
            timing: core.timingHistory, disposed: disposed.load(ordering: .acquiring))
    }

    /// What `attemptATurn` saw.
    private struct TurnAttempt {
        var seen: [Int]
        var turns: UInt
        var waitingLong: Int
        var timing: (wanted: Bool, fastest: UInt64)
        var disposed: Bool

        /// Whether the first thread's elements, and the second's -1, arrived once each, in order.
        var inOrder: Bool {
            let own = seen.filter { $0 >= 0 && $0 < 100_000 }
            return own == Array(0..<own.count) && seen.filter { $0 == -1 }.count <= 1
        }
    }

    /// A sender that waits long for a role held by slow deliveries (timed by the thread that
    /// makes them) is counted as waiting long; the thread that then gives the role up leaves it
    /// a turn, and the waiting sender delivers its element itself, between two of the other
    /// thread's. Whatever happens, every element is delivered once, in order, and no sender is
    /// still counted once both returned. (An attempt may see no turn: the waiting sender can
    /// find the role free by itself, or the machine can deschedule a thread for its whole
    /// bounded wait, which on a loaded machine happens to most attempts; one in fifty must.)
    func testASenderThatWaitsLongForSlowDeliveriesGetsATurn() {
        var turned = false
        for _ in 0..<50 where !turned {
            let attempt = attemptATurn(disposingInstead: false)
            XCTAssertTrue(attempt.inOrder, "\(attempt.seen)")
            XCTAssertEqual(attempt.seen.filter { $0 == -1 }, [-1])
            XCTAssertEqual(attempt.waitingLong, 0, "a sender still counted as waiting long")
            turned = attempt.turns >= 1
            if turned {
                // Counted only once the deliveries were timed slow; once a window is whole (and
                // the last sends made one), they are no longer timed.
                XCTAssertGreaterThan(attempt.timing.fastest, LongWait.slowDelivery)
                XCTAssertFalse(attempt.timing.wanted, "deliveries still timed after a whole window")
            }
        }
        XCTAssertTrue(turned, "the waiting sender never got a turn")
    }

    /// A sender that waits long for the role of a subject disposed meanwhile stops waiting and
    /// is no longer counted. (An attempt may end with no sender counted, as above; one attempt in
    /// fifty must dispose the subject while one is.)
    func testASenderThatWaitsLongStopsCountingWhenTheSubjectIsDisposed() {
        var disposedWhileCounted = false
        for _ in 0..<50 where !disposedWhileCounted {
            let attempt = attemptATurn(disposingInstead: true)
            XCTAssertTrue(attempt.inOrder, "\(attempt.seen)")
            XCTAssertEqual(attempt.waitingLong, 0, "a sender still counted as waiting long")
            disposedWhileCounted = attempt.disposed
        }
        XCTAssertTrue(disposedWhileCounted, "no sender was counted as waiting long before the subject was disposed")
    }

    /// Only a delivery by the thread that made the one before is timed (the first after the role
    /// changed hands moves cache lines first), and the fastest of each window counts, with when
    /// its last delivery began.
    func testDeliveryTimingsTakeTheFastestOfEachWindowOfDeliveriesByOneThread() {
        var timings = DeliveryTimings()
        XCTAssertFalse(timings.began(by: 1), "the first delivery is timed")
        XCTAssertFalse(timings.began(by: 2), "a delivery after the role changed hands is timed")
        let durations: [UInt64] = [900, 400, 700, 650]
        var whole: [Bool] = []
        for (index, duration) in durations.enumerated() {
            XCTAssertTrue(timings.began(by: 2))
            let start = UInt64(10_000 * (index + 1))
            timings.startedAt = start
            whole.append(timings.record(endedAt: start + duration))
            XCTAssertEqual(timings.startedAt, 0)
        }
        XCTAssertEqual(whole, Array(repeating: false, count: LongWait.window - 1) + [true])
        XCTAssertEqual(timings.fastest, 400)
        XCTAssertEqual(timings.measuredAt, 40_000)
        // The next window starts afresh: a slower one replaces the last.
        for index in 0..<LongWait.window {
            timings.startedAt = 100_000
            _ = timings.record(endedAt: 100_000 + 1_000 + UInt64(index))
        }
        XCTAssertEqual(timings.fastest, 1_000)
    }
}
