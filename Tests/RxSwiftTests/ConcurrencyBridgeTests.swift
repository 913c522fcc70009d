import Foundation
import RxSwift
import TestSupport
import XCTest

final class ConcurrencyBridgeTests: RxTestCase {
    /// `of` emits while `values` subscribes, before the loop reads anything: the buffering policy
    /// decides what the loop gets, and the default keeps everything.
    func testValuesBufferingPolicyDecidesWhatUnreadElementsAreKept() async throws {
        func collect(_ stream: AsyncThrowingStream<Int, Swift.Error>) async throws -> [Int] {
            var collected: [Int] = []
            for try await value in stream { collected.append(value) }
            return collected
        }
        let source = Observable.of(1, 2, 3, 4, 5)
        let all = try await collect(source.values)
        let newest = try await collect(source.values(bufferingPolicy: .bufferingNewest(2)))
        let oldest = try await collect(source.values(bufferingPolicy: .bufferingOldest(2)))
        XCTAssertEqual(all, [1, 2, 3, 4, 5])
        XCTAssertEqual(newest, [4, 5])
        XCTAssertEqual(oldest, [1, 2])
    }

    /// The terminal error is never dropped, whatever the policy.
    func testValuesBufferingPolicyKeepsTheError() async {
        var collected: [Int] = []
        do {
            let failing = Observable.concat(.of(1, 2, 3), .error(testError))
            for try await value in failing.values(bufferingPolicy: .bufferingNewest(1)) { collected.append(value) }
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, .test)
        }
        XCTAssertEqual(collected, [3])
    }

    func testInfallibleValuesBufferingPolicy() async {
        var newest: [Int] = []
        for await value in Infallible.from([1, 2, 3]).values(bufferingPolicy: .bufferingNewest(1)) {
            newest.append(value)
        }
        var all: [Int] = []
        for await value in Infallible.from([1, 2, 3]).values { all.append(value) }
        XCTAssertEqual(newest, [3])
        XCTAssertEqual(all, [1, 2, 3])
    }

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
        let fromBackground = try await Single.just(9).subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
            .value
        XCTAssertEqual(fromBackground, 9)
    }

    func testCancellingValueDisposesAndThrowsCancellationError() async {
        let disposed = LockedBox(false)
        let started = LockedBox(false)
        let single = Single<Int>.never().do(
            onSubscribe: { started.mutate { $0 = true } }, onDispose: { disposed.mutate { $0 = true } })
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
