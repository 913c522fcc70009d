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
}
