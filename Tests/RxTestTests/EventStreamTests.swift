import Foundation
import RxSwift
import TestSupport
import Testing
import XCTest

@testable import RxTest

/// The Turbine-style API (Sources/RxTest/EventStream.swift), in XCTest.
final class EventStreamTests: TimeLimitedTestCase {
    func testAwaitsElementsAndCompletion() async throws {
        try await Observable.of(1, 2, 3).test { events in
            let first = try await events.awaitNext()
            XCTAssertEqual(first, 1)
            try await events.skipItems(1)
            let third = try await events.awaitNext()
            XCTAssertEqual(third, 3)
            try await events.awaitComplete()
            events.expectNoEvents()
        }
    }

    /// Events from another thread, later: each await waits for its event.
    func testAwaitsEventsSentLaterFromAnotherThread() async throws {
        let subject = PublishSubject<String>()
        try await subject.test { events in
            Thread.detachNewThread {
                subject.onNext("a")
                subject.onError(TestFailure.boom)
            }
            let element = try await events.awaitNext()
            XCTAssertEqual(element, "a")
            let error = try await events.awaitError()
            XCTAssertEqual(error as? TestFailure, .boom)
        }
        XCTAssertFalse(subject.hasObservers)
    }

    /// An await of the wrong kind, or with nothing arriving in time, throws a failure that says
    /// what came.
    func testWrongKindsAndTimeoutsThrowDescriptiveFailures() async throws {
        try await Observable.just(7).test { events in
            do {
                try await events.awaitComplete()
                XCTFail("expected a failure")
            } catch let failure as EventStreamFailure {
                XCTAssertEqual(failure.description, "Expected completed, got next(7)")
            }
            try await events.awaitComplete()
        }
        try await Observable<Int>.never().test(timeout: .milliseconds(20)) { events in
            do {
                _ = try await events.awaitNext()
                XCTFail("expected a failure")
            } catch let failure as EventStreamFailure {
                XCTAssertEqual(failure.description, "No event within 0.02 seconds")
            }
        }
    }

    /// A wait's timeout ends that wait only: the timer of an await that already got its event,
    /// expiring while a later await waits, leaves the later one waiting (timers fired by hand,
    /// so the order is certain).
    func testATimeoutLeftOverFromAFinishedAwaitDoesNotEndALaterOne() async throws {
        let timers = ManualTimers()
        let events = EventStream<Int>(timeout: .seconds(3), startTimer: timers.start)
        let subject = PublishSubject<Int>()
        events.subscribe(to: subject.asObservable())
        async let first = events.awaitNext()
        await timers.waitUntilStarted(1)
        subject.onNext(1)
        let firstValue = try await first
        XCTAssertEqual(firstValue, 1)
        async let second = events.awaitNext()
        await timers.waitUntilStarted(2)
        timers.fire(0)
        subject.onNext(2)
        let secondValue = try await second
        XCTAssertEqual(secondValue, 2, "the first await's timer ended the second await")
        // The second await's own timer, after its event: nothing left to end.
        timers.fire(1)
        async let third = events.awaitNext()
        await timers.waitUntilStarted(3)
        timers.fire(2)
        do {
            _ = try await third
            XCTFail("the third await's own timer must end it")
        } catch let failure as EventStreamFailure {
            XCTAssertEqual(failure.description, "No event within 3.0 seconds")
        }
    }

    /// `cancelAndIgnoreRemainingEvents` disposes the subscription and ends the block without
    /// checking the rest.
    func testCancelAndIgnoreRemainingEvents() async throws {
        let subject = BehaviorSubject(value: 0)
        try await subject.test { events in
            subject.onNext(1)
            subject.onNext(2)
            let first = try await events.awaitNext()
            XCTAssertEqual(first, 0)
            events.cancelAndIgnoreRemainingEvents()
            XCTAssertFalse(subject.hasObservers)
        }
    }

    /// A cancelled awaiting task throws `CancellationError`.
    func testCancellingTheAwaitingTask() async throws {
        let waiting = Task {
            try await Observable<Int>.never().test { events in _ = try await events.awaitNext() }
        }
        waiting.cancel()
        do {
            try await waiting.value
            XCTFail("expected CancellationError")
        } catch {
            XCTAssertTrue(error is CancellationError)
        }
    }
}

enum TestFailure: Error { case boom }

/// The same API in Swift Testing, with the failures it records.
@Suite(.timeLimit(.minutes(1))) struct EventStreamSwiftTestingTests {
    @Test func awaitsEventsWithExpect() async throws {
        try await Observable.of("x", "y").test { events in
            #expect(try await events.awaitNext() == "x")
            #expect(try await events.awaitNext() == "y")
            try await events.awaitComplete()
            events.expectNoEvents()
        }
    }

    @Test func unconsumedEventsAreAFailureThatListsThem() async throws {
        let issues = try await CapturedIssues.during {
            try await Observable.of(1, 2).test { events throws in
                #expect(try await events.awaitNext() == 1)
            }
        }
        #expect(issues == ["Unconsumed events: next(2), completed"])
    }

    @Test func expectNoEventsFailsWhenOneArrived() async throws {
        let issues = try await CapturedIssues.during {
            try await Observable.just(5).test { events in
                events.expectNoEvents()
                events.cancelAndIgnoreRemainingEvents()
            }
        }
        #expect(issues == ["Expected no events, got: next(5), completed"])
    }
}

/// Timers an `EventStream` starts, fired by the test: `fire(n)` runs the n-th one's expiry at
/// once, on the calling thread.
private final class ManualTimers: @unchecked Sendable {
    // @unchecked Sendable: `expiries` and `waiters` are touched only under `lock`.
    private let lock = NSLock()
    private var expiries: [@Sendable () -> Void] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    var start: @Sendable (Duration, @escaping @Sendable () -> Void) -> Void {
        { [self] _, expired in
            let ready = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
                expiries.append(expired)
                let count = expiries.count
                let ready = waiters.filter { $0.count <= count }.map(\.continuation)
                waiters.removeAll { $0.count <= count }
                return ready
            }
            for continuation in ready { continuation.resume() }
        }
    }

    /// Returns once `count` timers have been started.
    func waitUntilStarted(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let started = lock.withLock { () -> Bool in
                if expiries.count >= count { return true }
                waiters.append((count, continuation))
                return false
            }
            if started { continuation.resume() }
        }
    }

    func fire(_ index: Int) {
        let expired = lock.withLock { expiries[index] }
        expired()
    }
}
