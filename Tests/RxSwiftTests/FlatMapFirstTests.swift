import RxSwift
import RxTest
import TestSupport
import XCTest

final class FlatMapFirstTests: RxTestCase {
    func testIgnoresElementsWhileBusy() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(240, 3), .completed(250)])
        let res = scheduler.start {
            xs.flatMapFirst { value in scheduler.createColdObservable([.next(10, value * 10), .completed(20)]) }
        }
        XCTAssertEqual(res.events, [.next(220, 10), .next(250, 30), .completed(260)])
    }

    func testSelectorIsNotCalledForDroppedElements() {
        let subject = PublishSubject<Int>()
        var calls: [Int] = []
        let subscription = subject.flatMapFirst { value -> Observable<Int> in
            calls.append(value)
            if value == 2 { throw testError }
            return .never()
        }.subscribe()
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        XCTAssertEqual(calls, [1], "elements dropped while busy never reach the selector (2 would throw)")
        subscription.dispose()
    }

    // MARK: async transform

    /// Elements that arrive while a call runs are ignored (no call starts for them); the next
    /// element after its result starts a new one.
    func testAsyncTransformIgnoresElementsWhileACallRuns() async {
        let subject = PublishSubject<Int>()
        let work = ManualWork<Int, String>()
        let recorder = SerialRecorder<String>()
        let subscription = subject.flatMapFirst { try await work.value(for: $0) }.subscribe(recorder)
        subject.onNext(1)
        _ = await eventually { work.started == [1] }
        subject.onNext(2)
        work.finish(1, with: .success("one"))
        let first = await eventually { recorder.elements == ["one"] }
        XCTAssertTrue(first)
        subject.onNext(3)
        let third = await eventually { work.started == [1, 3] }
        XCTAssertTrue(third)
        work.finish(3, with: .success("three"))
        subject.onCompleted()
        let done = await eventually { recorder.terminals == ["completed"] }
        XCTAssertTrue(done)
        XCTAssertEqual(recorder.elements, ["one", "three"])
        XCTAssertEqual(work.started, [1, 3])
        subscription.dispose()
    }

    /// `scenarioInner` for each admitted element: 2 arrives while 1's inner runs and is dropped;
    /// 3 arrives after it ended.
    func testScenarios() {
        assertScenarios(
            [.elements([.next(215, 10), .next(225, 11), .next(235, 30), .next(245, 31), .completed(248)])]
                + Scenario.innersCommonRows
        ) { source, scheduler in source.flatMapFirst { scenarioInner($0, on: scheduler) } }
        let justInners = { (source: Observable<Int>) in source.flatMapFirst { Observable.just($0 * 10) } }
        XCTAssertEqual(collect(justInners(.of(1, 2, 3))), [.next(10), .next(20), .next(30), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2, 3], through: justInners)
        XCTAssertEqual(reentrant.events, [.next(10), .next(20), .next(30), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }

    /// The generic form takes any sequence type (a `Single` here), each converted as it arrives.
    func testAnInnerSequenceOfAnotherType() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.flatMapFirst { Single.just($0 * 10) } }
        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }
}
