import Foundation
import RxSwift
import TestSupport
import XCTest

/// Waits (bounded, without blocking the cooperative pool for long) until `condition` holds.
private func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
    for _ in 0..<2_000 where !condition() {
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return condition()
}

final class ConcurrencyBridgeTests: RxTestCase {
    func testValuesYieldsElementsAndCompletes() async throws {
        var collected: [Int] = []
        for try await value in Observable.of(1, 2, 3).values {
            collected.append(value)
        }
        XCTAssertEqual(collected, [1, 2, 3])
    }

    func testValuesThrowsTheError() async {
        var collected: [Int] = []
        do {
            for try await value in Observable<Int>.concat(.just(1), .error(testError)).values {
                collected.append(value)
            }
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, .test)
        }
        XCTAssertEqual(collected, [1])
    }

    func testCancellingTheConsumingTaskDisposesTheSubscription() async {
        let disposed = LockedBox(false)
        let subject = PublishSubject<Int>()
        let source = subject.do(onDispose: { disposed.mutate { $0 = true } })
        let received = LockedBox<[Int]>([])
        let consumer = Task {
            for try await value in source.values {
                received.mutate { $0.append(value) }
            }
        }
        let subscribed = await eventually { subject.hasObservers }
        XCTAssertTrue(subscribed)
        subject.onNext(1)
        let gotOne = await eventually { received.value == [1] }
        XCTAssertTrue(gotOne)
        consumer.cancel()
        let wasDisposed = await eventually { disposed.value }
        XCTAssertTrue(wasDisposed)
        XCTAssertFalse(subject.hasObservers)
        // As in RxSwift, the loop of a cancelled task throws CancellationError.
        if case .failure(let error) = await consumer.result {
            XCTAssertTrue(error is CancellationError, "\(error)")
        } else {
            XCTFail("the cancelled loop should throw")
        }
    }

    func testInfallibleValues() async {
        var collected: [String] = []
        for await value in Infallible.of("a", "b").values {
            collected.append(value)
        }
        XCTAssertEqual(collected, ["a", "b"])
    }

    func testSingleMaybeCompletableValue() async throws {
        let single = try await Single.just(4).value
        XCTAssertEqual(single, 4)
        let present = try await Maybe.just("x").value
        XCTAssertEqual(present, "x")
        let absent = try await Maybe<String>.empty().value
        XCTAssertNil(absent)
        try await Completable.empty().value
        do {
            _ = try await Single<Int>.error(testError).value
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, .test)
        }
        do {
            try await Completable.error(testError).value
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, .test)
        }
        let fromBackground = try await Single.just(9).subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default)).value
        XCTAssertEqual(fromBackground, 9)
    }

    func testCancellingValueDisposesAndThrowsCancellationError() async {
        let disposed = LockedBox(false)
        let started = LockedBox(false)
        let single = Single<Int>.never().do(onSubscribe: { started.mutate { $0 = true } }, onDispose: { disposed.mutate { $0 = true } })
        let waiting = Task { try await single.value }
        _ = await eventually { started.value }
        waiting.cancel()
        do {
            _ = try await waiting.value
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError)
        }
        XCTAssertTrue(disposed.value)
    }

    func testValueInAnAlreadyCancelledTaskTakesASynchronousOutcome() async throws {
        // As in RxSwift: the trait is still subscribed, and an outcome it delivers at once wins.
        let synchronous = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            let single = try await Single.just(1).value
            let maybe = try await Maybe.just(2).value
            try await Completable.empty().value
            return [single, maybe ?? 0]
        }
        let values = try await synchronous.value
        XCTAssertEqual(values, [1, 2])
    }

    func testValueInAnAlreadyCancelledTaskOfAnAsynchronousTraitThrowsCancellationAndDisposes() async {
        let disposed = LockedBox(false)
        let pending = Maybe<Int>.never().do(onDispose: { disposed.mutate { $0 = true } })
        let waiting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await pending.value
        }
        do {
            _ = try await waiting.value
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError)
        }
        XCTAssertTrue(disposed.value)
    }

    func testAsyncSequenceAsObservableWithPriorityRunsDetachedAtThatPriority() async throws {
        let priorities = LockedBox<[TaskPriority]>([])
        let stream = AsyncStream<Int> { continuation in
            continuation.yield(1)
            continuation.finish()
        }
        let collected = try await stream.asObservable(priority: .low)
            .do(onNext: { _ in priorities.mutate { $0.append(Task.currentPriority) } })
            .toArray().value
        XCTAssertEqual(collected, [1])
        XCTAssertEqual(priorities.value, [.low])
    }

    func testAsyncSequenceAsObservable() async throws {
        let stream = AsyncStream<Int> { continuation in
            for value in 1...3 { continuation.yield(value) }
            continuation.finish()
        }
        let collected = try await stream.asObservable().toArray().value
        XCTAssertEqual(collected, [1, 2, 3])
        let failing = AsyncThrowingStream<Int, Error> { $0.finish(throwing: testError) }
        do {
            _ = try await failing.asObservable().toArray().value
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, .test)
        }
    }

    func testDisposingCancelsTheProducingTask() async {
        let terminated = LockedBox(false)
        let stream = AsyncStream<Int> { continuation in
            continuation.onTermination = { _ in terminated.mutate { $0 = true } }
            continuation.yield(1)
        }
        let received = LockedBox<[Int]>([])
        let subscription = stream.asObservable().subscribe(onNext: { value in received.mutate { $0.append(value) } })
        _ = await eventually { received.value == [1] }
        subscription.dispose()
        let cancelled = await eventually { terminated.value }
        XCTAssertTrue(cancelled)
        XCTAssertEqual(received.value, [1])
    }

    func testSingleCreateFromAnAsyncFunction() async throws {
        let value = try await Single.create { () async throws -> Int in
            await Task.yield()
            return 42
        }.value
        XCTAssertEqual(value, 42)
        do {
            _ = try await Single<Int>.create(detached: true) { throw testError }.value
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, .test)
        }

        let cancelled = LockedBox(false)
        let started = LockedBox(false)
        let slow = Single<Int>.create {
            started.mutate { $0 = true }
            do {
                try await Task.sleep(nanoseconds: 10_000_000_000)
            } catch {
                cancelled.mutate { $0 = true }
                throw error
            }
            return 0
        }
        var events = 0
        let subscription = slow.subscribe { _ in events += 1 }
        _ = await eventually { started.value }
        subscription.dispose()
        let wasCancelled = await eventually { cancelled.value }
        XCTAssertTrue(wasCancelled)
        XCTAssertEqual(events, 0)
    }
}

/// Races completion, error, disposal and cancellation many times: every awaited value resumes
/// exactly once (a double resume or a leaked continuation would crash or hang), no element is
/// lost or reordered, and nothing leaks (RxTestCase checks Resources.total).
final class ConcurrencyBridgeStressTests: RxTestCase {
    enum Outcome: Sendable, Equatable { case value, error, cancelled }

    func testValueRacesOutcomeAgainstCancellation() async {
        let iterations = 3_000
        let counts = LockedBox<[Outcome: Int]>([:])
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<iterations {
                group.addTask {
                    let single = Single<Int>.create { observer in
                        DispatchQueue.global().async {
                            if index % 2 == 0 { observer(.success(index)) } else { observer(.failure(testError)) }
                        }
                        return Disposables.create()
                    }
                    let waiting = Task { try await single.value }
                    if index % 3 != 0 { waiting.cancel() }
                    let outcome: Outcome
                    do {
                        let value = try await waiting.value
                        XCTAssertEqual(value, index)
                        outcome = .value
                    } catch is CancellationError {
                        outcome = .cancelled
                    } catch {
                        XCTAssertEqual(error as? TestError, .test)
                        outcome = .error
                    }
                    counts.mutate { $0[outcome, default: 0] += 1 }
                }
                if index % 64 == 63 { await group.waitForAll() }
            }
        }
        XCTAssertEqual(counts.value.values.reduce(0, +), iterations, "every await resumed exactly once")
        XCTAssertEqual((counts.value[.value] ?? 0) + (counts.value[.error] ?? 0) + (counts.value[.cancelled] ?? 0), iterations)
        XCTAssertGreaterThan(counts.value[.cancelled] ?? 0, 0, "the race was run")
    }

    func testValuesRaceCompletionErrorAndCancellation() async {
        let iterations = 1_000
        let finishedNormally = LockedBox(0)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<iterations {
                group.addTask {
                    let source = Observable<Int>.create { observer in
                        let work = DispatchWorkItem {
                            for value in 0..<10 { observer.onNext(value) }
                            if index % 2 == 0 { observer.onCompleted() } else { observer.onError(testError) }
                        }
                        DispatchQueue.global().async(execute: work)
                        return Disposables.create { work.cancel() }
                    }
                    let consumer = Task { () -> ([Int], Bool) in
                        var received: [Int] = []
                        do {
                            for try await value in source.values { received.append(value) }
                            return (received, true)
                        } catch {
                            return (received, false)
                        }
                    }
                    let cancelled = index % 4 == 1
                    if cancelled { consumer.cancel() }
                    let (received, completed) = await consumer.value
                    XCTAssertEqual(received, Array(0..<received.count), "elements arrive in order, without gaps")
                    if !cancelled {
                        // Not cancelled: every element arrives, then the end the source chose.
                        XCTAssertEqual(received.count, 10, "nothing lost")
                        XCTAssertEqual(completed, index % 2 == 0)
                        finishedNormally.mutate { $0 += 1 }
                    }
                }
                if index % 64 == 63 { await group.waitForAll() }
            }
        }
        XCTAssertEqual(finishedNormally.value, iterations - iterations / 4)
    }
}
