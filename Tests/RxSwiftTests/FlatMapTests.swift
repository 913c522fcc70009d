import RxSwift
import RxTest
import TestSupport
import XCTest

final class FlatMapTests: RxTestCase {
    func testSynchronousInnerSequencesEmitBeforeTheNextOuterElement() {
        var latest: [Int] = []
        var merged: [Int] = []
        var first: [Int] = []
        _ = Observable.of(1, 2).flatMapLatest { Observable.just($0 * 100) }.subscribe(onNext: { latest.append($0) })
        _ = Observable.of(1, 2).flatMap { Observable.of($0, $0 * 10) }.subscribe(onNext: { merged.append($0) })
        _ = Observable.of(1, 2).flatMapFirst { Observable.just($0 * 100) }.subscribe(onNext: { first.append($0) })
        XCTAssertEqual(latest, [100, 200], "no element of a synchronous inner sequence is lost")
        XCTAssertEqual(merged, [1, 10, 2, 20])
        XCTAssertEqual(first, [100, 200])
    }

    func testMergesInnerSequences() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
        let b = scheduler.createColdObservable([.next(5, 10), .completed(10)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(225, 1), .completed(250)])
        let res = scheduler.start { xs.flatMap { $0 == 0 ? a : b } }
        XCTAssertEqual(res.events, [.next(220, 1), .next(230, 10), .next(240, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(b.subscriptions, [Subscription(225, 235)])
    }

    func testWaitsForInnerCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(50, 1), .completed(60)])
        let xs = scheduler.createHotObservable([.next(210, 0), .completed(220)])
        let res = scheduler.start { xs.flatMap { _ in inner } }
        XCTAssertEqual(res.events, [.next(260, 1), .completed(270)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 270)])
    }

    func testInnerErrorDisposesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let good = scheduler.createColdObservable([.next(100, 1)])
        let bad = scheduler.createColdObservable([.error(20, testError)] as [Recorded<Event<Int>>])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(215, 1)])
        let res = scheduler.start { xs.flatMap { $0 == 0 ? good : bad } }
        XCTAssertEqual(res.events, [.error(235, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
        XCTAssertEqual(good.subscriptions, [Subscription(210, 235)])
        XCTAssertEqual(bad.subscriptions, [Subscription(215, 235)])
    }

    func testSelectorThrowsAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
        let xs = scheduler.createHotObservable([.next(210, 0)])
        let res = scheduler.start(disposed: 250) { xs.flatMap { _ in inner } }
        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(
            collect(Observable.of(1).flatMap { _ -> Observable<Int> in throw testError }), [.error(testError)])
    }

    func testTenThousandNestedFlatMaps() {
        var source = Observable.just(0)
        for _ in 0..<10_000 {
            source = source.flatMap { Observable.just($0 + 1) }
        }
        XCTAssertEqual(collect(source), [.next(10_000), .completed])
    }

    /// `just` inners are handed over without an inner subscription: the merge still waits for
    /// the outer sequence, and each inner counts as completed at once.
    func testJustInnersCompleteAtOnceAndTheOuterEndsTheMerge() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.flatMap { Observable.just($0 + 1) } }
        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .completed(230)])
        XCTAssertEqual(
            collect(Observable.of(1, 2, 3).flatMapFirst { Observable.just($0) }),
            [.next(1), .next(2), .next(3), .completed])
        XCTAssertEqual(
            collect(Observable.of(1, 2).concatMap { Observable.just($0) }), [.next(1), .next(2), .completed])
    }

    // MARK: async transform

    /// Calls overlap, each result is forwarded when it is ready (not in the elements' order), and
    /// completion waits for the last call.
    func testAsyncTransformRunsCallsAtOnceAndForwardsEachWhenReady() async {
        let subject = PublishSubject<Int>()
        let work = ManualWork<Int, String>()
        let recorder = SerialRecorder<String>()
        let subscription = subject.flatMap { try await work.value(for: $0) }.subscribe(recorder)
        subject.onNext(1)
        subject.onNext(2)
        let both = await eventually { Set(work.started) == [1, 2] }
        XCTAssertTrue(both)
        subject.onCompleted()
        work.finish(2, with: .success("two"))
        let second = await eventually { recorder.elements == ["two"] }
        XCTAssertTrue(second)
        XCTAssertEqual(recorder.terminals, [])
        work.finish(1, with: .success("one"))
        let done = await eventually { recorder.terminals == ["completed"] }
        XCTAssertTrue(done)
        XCTAssertEqual(recorder.elements, ["two", "one"])
        XCTAssertFalse(recorder.overlapped)
        subscription.dispose()
    }

    /// An error thrown by a call fails the result and cancels the other calls still running.
    func testAsyncTransformErrorFailsTheResultAndCancelsTheOthers() async {
        let subject = PublishSubject<Int>()
        let work = ManualWork<Int, String>()
        let recorder = SerialRecorder<String>()
        let subscription = subject.flatMap { try await work.value(for: $0) }.subscribe(recorder)
        subject.onNext(1)
        subject.onNext(2)
        _ = await eventually { Set(work.started) == [1, 2] }
        work.finish(1, with: .failure(testError))
        let failed = await eventually { recorder.terminals == ["error \(testError)"] }
        XCTAssertTrue(failed)
        let cancelled = await eventually { work.cancelled == [2] }
        XCTAssertTrue(cancelled)
        XCTAssertFalse(subject.hasObservers)
        XCTAssertEqual(recorder.elements, [])
        subscription.dispose()
    }

    /// Each outer element starts an inner sequence (`scenarioInner`: ×10 after 5 ticks, ×10 + 1
    /// after 15, completed after 18); all run at once, the result ends with the last of them.
    func testScenarios() {
        assertScenarios(Scenario.innersAllAtOnce) { source, scheduler in
            source.flatMap { scenarioInner($0, on: scheduler) }
        }
        let justInners = { (source: Observable<Int>) in source.flatMap { Observable.just($0 * 10) } }
        XCTAssertEqual(collect(justInners(.of(1, 2, 3))), [.next(10), .next(20), .next(30), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2, 3], through: justInners)
        XCTAssertEqual(reentrant.events, [.next(10), .next(20), .next(30), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }

    /// The generic form takes any sequence type (a `Single` here), each converted as it arrives;
    /// the `Observable` form calls its selector as it is.
    func testAnInnerSequenceOfAnotherType() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.flatMap { Single.just($0 * 10) } }
        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(
            collect(Observable.of(1, 2).flatMap { Observable.just($0 + 1) }), [.next(2), .next(3), .completed])
    }
}
