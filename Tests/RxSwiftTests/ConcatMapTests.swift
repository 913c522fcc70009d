import RxSwift
import RxTest
import TestSupport
import XCTest

final class ConcatMapTests: RxTestCase {
    func testSubscribesOneAfterAnother() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(215, 1), .completed(216)])
        let res = scheduler.start { xs.concatMap { _ in inner } }
        XCTAssertEqual(res.events, [.next(220, 1), .next(240, 1), .completed(250)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230), Subscription(230, 250)])
    }

    // MARK: async transform

    /// One call at a time, in the elements' order: the second starts only after the first's
    /// result is delivered.
    func testAsyncTransformRunsOneCallAtATimeInOrder() async {
        let subject = PublishSubject<Int>()
        let work = ManualWork<Int, String>()
        let recorder = SerialRecorder<String>()
        let subscription = subject.concatMap { try await work.value(for: $0) }.subscribe(recorder)
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        _ = await eventually { work.started == [1] }
        work.finish(2, with: .success("two"))
        XCTAssertEqual(work.started, [1])
        work.finish(1, with: .success("one"))
        let done = await eventually { recorder.terminals == ["completed"] }
        XCTAssertTrue(done)
        XCTAssertEqual(recorder.elements, ["one", "two"])
        XCTAssertEqual(work.started, [1, 2])
        XCTAssertFalse(recorder.overlapped)
        subscription.dispose()
    }

    /// `scenarioInner` for each element, one after another: 2's inner starts when 1's ends (228),
    /// 3's when 2's ends (246); the result ends with 3's (264).
    func testScenarios() {
        assertScenarios(Scenario.innersOneAfterAnother) { source, scheduler in
            source.concatMap { scenarioInner($0, on: scheduler) }
        }
        let justInners = { (source: Observable<Int>) in source.concatMap { Observable.just($0 * 10) } }
        XCTAssertEqual(collect(justInners(.of(1, 2, 3))), [.next(10), .next(20), .next(30), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2, 3], through: justInners)
        XCTAssertEqual(reentrant.events, [.next(10), .next(20), .next(30), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }

    /// Each inner sequence is disposed as soon as it completes, before the next subscribes: the
    /// next inner subscription comes after the subject's other subscriber in its list, as in RxSwift.
    func testACompletedInnerSequenceLeavesASubjectBeforeTheNextJoinsIt() {
        let subject = PublishSubject<Int>()
        let log = LockedBox<[String]>([])
        let inner = Observable.of(1, 2, 3).concatMap { k in subject.take(1).map { k * 100 + $0 } }
            .subscribe(onNext: { value in log.mutate { $0.append("inner:\(value)") } })
        let plain = subject.subscribe(onNext: { value in log.mutate { $0.append("plain:\(value)") } })
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        XCTAssertEqual(log.value, ["inner:101", "plain:1", "inner:202", "plain:2", "inner:303", "plain:3"])
        inner.dispose()
        plain.dispose()
    }

    /// An inner sequence's place, freed when it completes, goes to the oldest waiting one, even
    /// when a newer one arrives in between (here, from the finished inner's disposal; on real
    /// threads, from the outer's thread while the inner completes on another). (The newer one
    /// took the place, ahead of the one waiting: elements out of order.)
    func testAFreedPlaceGoesToTheOldestWaitingInnerSequence() {
        let outer = PublishSubject<Observable<Int>>()
        let first = PublishSubject<Int>()
        var events: [Event<Int>] = []
        let subscription = outer.concatMap { $0 }.subscribe { events.append($0) }
        outer.onNext(first.do(onDispose: { outer.onNext(.just(3)) }))
        outer.onNext(.just(2))
        first.onNext(1)
        first.onCompleted()
        outer.onCompleted()
        XCTAssertEqual(events, [.next(1), .next(2), .next(3), .completed])
        subscription.dispose()
    }

    /// The generic form takes any sequence type (a `Single` here), each converted as it arrives;
    /// `concat()` and `merge()` of sequences of another type too.
    func testAnInnerSequenceOfAnotherType() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.concatMap { Single.just($0 * 10) } }
        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        let singles = Observable.of(Single.just(1), Single.just(2))
        XCTAssertEqual(collect(singles.concat()), [.next(1), .next(2), .completed])
        XCTAssertEqual(collect(singles.merge()), [.next(1), .next(2), .completed])
        XCTAssertEqual(collect(singles.merge(maxConcurrent: 1)), [.next(1), .next(2), .completed])
    }
}
