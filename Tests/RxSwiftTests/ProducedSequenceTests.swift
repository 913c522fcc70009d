import RxSwift
import RxTest
import TestSupport
import XCTest

/// Synchronous sources on the trampoline interleave element by element, as RxSwift's one
/// scheduled step per element does.
final class ProducedSequenceTests: RxTestCase {
    func testMergedSynchronousSourcesInterleave() {
        var seen: [Int] = []
        _ = Observable.merge(.from([1, 3]), .from([2, 4])).subscribe(onNext: { seen.append($0) })
        XCTAssertEqual(seen, [1, 2, 3, 4])
    }

    func testCombineLatestOfSynchronousSourcesSeesEveryStep() {
        var seen: [String] = []
        _ = Observable.combineLatest(Observable.from([1, 2]), Observable.from([10, 20])) { "\($0),\($1)" }
            .subscribe(onNext: { seen.append($0) })
        XCTAssertEqual(seen, ["1,10", "2,10", "2,20"])
    }

    func testWithLatestFromOfSynchronousSources() {
        var seen: [String] = []
        _ = Observable.of(1, 2).withLatestFrom(Observable.of(10, 20)) { "\($0),\($1)" }.subscribe(onNext: {
            seen.append($0)
        })
        XCTAssertEqual(seen, ["1,10", "2,20"])
    }

    func testAloneOnTheTrampolineEmitsEverythingAtOnce() {
        var seen: [Int] = []
        _ = Observable.range(start: 0, count: 5).map { $0 * 2 }.subscribe(onNext: { seen.append($0) })
        XCTAssertEqual(seen, [0, 2, 4, 6, 8])
        XCTAssertEqual(collect(Observable.repeatElement(1).take(3)), [.next(1), .next(1), .next(1), .completed])
    }

    func testStaticMergeSubscribesItsSourcesInOrderWhenSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(230, 5)])
        let res = scheduler.start { Observable.merge(a.map { $0 + 100 }).amb(a) }
        XCTAssertEqual(res.events, [.next(230, 105)])
    }
}
