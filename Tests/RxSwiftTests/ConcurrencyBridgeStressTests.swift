import Foundation
import RxSwift
import TestSupport
import XCTest

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
        XCTAssertEqual(
            (counts.value[.value] ?? 0) + (counts.value[.error] ?? 0) + (counts.value[.cancelled] ?? 0), iterations)
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
