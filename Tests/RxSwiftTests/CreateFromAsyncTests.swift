import Foundation
import RxSwift
import TestSupport
import XCTest

/// `Single`, `Maybe` and `Completable` made of `async` closures, and the traits' `async` `flatMap`
/// (Sources/RxSwift/Bridging/CreateFromAsync.swift, AsyncWork.swift).
final class CreateFromAsyncTests: RxTestCase {
    func testMaybeCreateFromAnAsyncFunction() async throws {
        let present = try await Maybe.create { () async throws -> Int? in 5 }.value
        XCTAssertEqual(present, 5)
        let absent = try await Maybe<Int>.create { () async throws -> Int? in nil }.value
        XCTAssertNil(absent)
        do {
            _ = try await Maybe<Int>.create { () async throws -> Int? in throw testError }.value
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, .test)
        }
    }

    func testCompletableCreateFromAnAsyncFunction() async throws {
        let ran = LockedBox(false)
        try await Completable.create { () async throws in ran.mutate { $0 = true } }.value
        XCTAssertTrue(ran.value)
        do {
            try await Completable.create { () async throws in throw testError }.value
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, .test)
        }
    }

    /// Each subscription runs the work once, in a task of its own.
    func testEachSubscriptionRunsTheWorkOnce() async throws {
        let runs = LockedBox(0)
        let single = Single.create { () async throws -> Int in
            runs.mutate { $0 += 1 }
            return runs.value
        }
        let first = try await single.value
        let second = try await single.value
        XCTAssertEqual(Set([first, second]), [1, 2])
        XCTAssertEqual(runs.value, 2)
    }

    /// Disposing cancels the task; the `CancellationError` the work throws then is not delivered.
    func testDisposalCancelsAndDeliversNothing() async {
        let work = ManualWork<Int, Int>()
        let recorder = SerialRecorder<Int>()
        let subscription = Maybe.create { try await work.value(for: 1) }.asObservable().subscribe(recorder)
        _ = await eventually { work.started == [1] }
        subscription.dispose()
        let cancelled = await eventually { work.cancelled == [1] }
        XCTAssertTrue(cancelled)
        XCTAssertEqual(recorder.elements, [])
        XCTAssertEqual(recorder.terminals, [])
    }

    func testSingleAndMaybeFlatMapAnAsyncFunction() async throws {
        let doubled = try await Single.just(21).flatMap { value async throws in value * 2 }.value
        XCTAssertEqual(doubled, 42)
        let text = try await Maybe.just(3).flatMap { value async throws in "\(value)" }.value
        XCTAssertEqual(text, "3")
        let none = try await Maybe<Int>.empty().flatMap { value async throws in "\(value)" }.value
        XCTAssertNil(none)
        do {
            _ = try await Single.just(1).flatMap { _ async throws -> Int in throw testError }.value
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, .test)
        }
    }

    func testInfallibleAsyncOperators() async {
        let source = Infallible.from([1, 2, 3])
        var latest: [Int] = []
        for await value in source.concatMap({ value async in value * 10 }).values { latest.append(value) }
        XCTAssertEqual(latest, [10, 20, 30])
        var merged: [Int] = []
        for await value in source.flatMap({ value async in value }).values { merged.append(value) }
        XCTAssertEqual(merged.sorted(), [1, 2, 3])
    }

    /// Infallible's `flatMapLatest` and `flatMapFirst` with calls that finish when the test says.
    func testInfallibleAsyncSwitchingAndIgnoring() async {
        let subject = PublishSubject<Int>()
        let source = subject.asInfallible(onErrorJustReturn: 0)
        let work = ManualWork<Int, Int>()
        let latest = SerialRecorder<Int>()
        let latestSubscription = source.flatMapLatest { value async in (try? await work.value(for: value)) ?? -1 }
            .asObservable().subscribe(latest)
        subject.onNext(1)
        _ = await eventually { work.started == [1] }
        subject.onNext(2)
        let switched = await eventually { work.cancelled == [1] && work.started == [1, 2] }
        XCTAssertTrue(switched)
        work.finish(2, with: .success(20))
        let delivered = await eventually { latest.elements == [20] }
        XCTAssertTrue(delivered)
        latestSubscription.dispose()

        let gated = ManualWork<Int, Int>()
        let first = SerialRecorder<Int>()
        let firstSubscription = source.flatMapFirst { value async in (try? await gated.value(for: value)) ?? -1 }
            .asObservable().subscribe(first)
        subject.onNext(3)
        _ = await eventually { gated.started == [3] }
        subject.onNext(4)
        gated.finish(3, with: .success(30))
        let ignored = await eventually { first.elements == [30] }
        XCTAssertTrue(ignored)
        XCTAssertEqual(gated.started, [3])
        firstSubscription.dispose()
        XCTAssertEqual(latest.elements, [20])
    }

    // MARK: Observable.create(work:)

    func testObservableCreateSendsElementsThenCompletes() async throws {
        let source = Observable<Int>.create { observer in
            for value in 1...3 { await observer.send(value) }
        }
        let all = try await source.toArray().value
        XCTAssertEqual(all, [1, 2, 3])
        let again = try await source.toArray().value
        XCTAssertEqual(again, [1, 2, 3], "each subscription runs the work")
    }

    func testObservableCreateFailsWithTheThrownError() async {
        let recorder = SerialRecorder<Int>()
        let subscription = Observable<Int>.create { observer in
            await observer.send(1)
            throw testError
        }.subscribe(recorder)
        let ended = await eventually { !recorder.terminals.isEmpty }
        XCTAssertTrue(ended)
        XCTAssertEqual(recorder.elements, [1])
        XCTAssertEqual(recorder.terminals, ["error \(testError)"])
        subscription.dispose()
    }

    /// Disposal cancels the work between two elements: nothing after it is delivered.
    func testObservableCreateIsCancelledByDisposal() async {
        let work = ManualWork<Int, Int>()
        let recorder = SerialRecorder<Int>()
        let subscription = Observable<Int>.create { observer in
            await observer.send(0)
            let next = try await work.value(for: 1)
            await observer.send(next)
        }.subscribe(recorder)
        let first = await eventually { recorder.elements == [0] && work.started == [1] }
        XCTAssertTrue(first)
        subscription.dispose()
        let cancelled = await eventually { work.cancelled == [1] }
        XCTAssertTrue(cancelled)
        work.finish(1, with: .success(1))
        XCTAssertEqual(recorder.elements, [0])
        XCTAssertEqual(recorder.terminals, [])
    }
}
