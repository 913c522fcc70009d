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

    // `map` and `filter` on a synchronous source are applied inside its generator (no stage of
    // their own); what a subscriber sees must be what the separate operators give.

    func testMapAndFilterOnASynchronousSourceDeliverWhatSeparateStagesWould() {
        var transformed: [Int] = []
        var tested: [Int] = []
        let chain = Observable.from([1, 2, 3, 4, 5])
            .map { value -> Int in
                transformed.append(value)
                return value * 10
            }
            .filter { value in
                tested.append(value)
                return value != 30
            }
            .map { $0 + 1 }
        XCTAssertEqual(transformed, [], "the closures wait for a subscription")
        XCTAssertEqual(collect(chain), [.next(11), .next(21), .next(41), .next(51), .completed])
        XCTAssertEqual(transformed, [1, 2, 3, 4, 5])
        XCTAssertEqual(tested, [10, 20, 30, 40, 50])
        XCTAssertEqual(collect(chain.take(2)), [.next(11), .next(21), .completed])
        XCTAssertEqual(transformed, [1, 2, 3, 4, 5, 1, 2], "take(2) stops the generator after the second element")
    }

    func testThrowingMapOrFilterOnASynchronousSourceEndsItWithTheError() {
        var after: [Int] = []
        let mapped = Observable.range(start: 1, count: 5).map { value -> Int in
            after.append(value)
            if value == 3 { throw testError }
            return value
        }
        XCTAssertEqual(collect(mapped), [.next(1), .next(2), .error(testError)])
        XCTAssertEqual(after, [1, 2, 3], "no element is generated after the error")
        let filtered = Observable.of(1, 2, 3).filter { value in
            if value == 2 { throw testError }
            return true
        }
        XCTAssertEqual(collect(filtered), [.next(1), .error(testError)])
    }

    func testDisposingFromInsideTheChainStopsTheGenerator() {
        var generated: [Int] = []
        var seen: [Int] = []
        let stop = PublishSubject<Void>()
        _ = Observable.range(start: 0, count: 100)
            .map { value -> Int in
                generated.append(value)
                return value
            }
            .filter { $0 % 2 == 0 }
            .take(until: stop)
            .subscribe(onNext: { value in
                seen.append(value)
                if value == 4 { stop.onNext(()) }
            })
        XCTAssertEqual(seen, [0, 2, 4])
        XCTAssertEqual(generated, [0, 1, 2, 3, 4], "disposal is checked before the next step")
    }

    /// On a scheduler other than the trampoline, each element (kept or not) is one scheduled step,
    /// as with separate stages, so the virtual times are RxSwift's.
    func testFusedStagesOnAVirtualTimeSchedulerKeepTheTimeline() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.range(start: 1, count: 5, scheduler: scheduler).filter { $0 % 2 == 1 }.map { $0 * 10 }
        }
        XCTAssertEqual(res.events, [.next(201, 10), .next(203, 30), .next(205, 50), .completed(206)])
    }

    // `subscribe(onNext:)` on a synchronous source: the generator calls the closure itself, so the
    // disposal check and the closure's release must still hold.

    func testDisposingTheSubscriptionFromItsOwnOnNextStopsTheGenerator() {
        var generated: [Int] = []
        var seen: [Int] = []
        let inner = SingleAssignmentDisposable()
        _ = Observable.of(()).subscribe(onNext: {
            // Subscribed while the trampoline runs, so it emits once `inner` holds it.
            inner.setDisposable(
                Observable.range(start: 0, count: 10)
                    .map { value -> Int in
                        generated.append(value)
                        return value
                    }
                    .subscribe(onNext: { value in
                        seen.append(value)
                        if value == 2 { inner.dispose() }
                    }))
        })
        XCTAssertEqual(seen, [0, 1, 2])
        XCTAssertEqual(generated, [0, 1, 2])
    }

    func testDisposingTheSubscriptionOnAnotherSchedulerStopsTheGenerator() {
        let scheduler = TestScheduler(initialClock: 0)
        var seen: [Int] = []
        var subscription: Disposable?
        scheduler.scheduleAt(100) {
            subscription = Observable.range(start: 0, count: 10, scheduler: scheduler)
                .subscribe(onNext: { seen.append($0) })
        }
        scheduler.scheduleAt(103) { subscription?.dispose() }
        scheduler.start()
        XCTAssertEqual(seen, [0, 1], "the elements of 101 and 102; the disposal at 103 comes first")
        XCTAssertEqual(scheduler.clock, 103, "nothing is scheduled after the disposal")
    }

    func testSubscribeReleasesItsClosuresWhenTheSequenceEndsThoughTheSubscriptionIsKept() {
        final class Owner {}
        let scheduler = TestScheduler(initialClock: 0)
        weak var onTrampoline: Owner?
        weak var onScheduler: Owner?
        var kept: [Disposable] = []
        do {
            let first = Owner()
            let second = Owner()
            onTrampoline = first
            onScheduler = second
            kept.append(Observable.range(start: 0, count: 3).map { $0 + 1 }.subscribe(onNext: { _ in _ = first }))
            kept.append(Observable.from([1, 2], scheduler: scheduler).subscribe(onNext: { _ in _ = second }))
        }
        XCTAssertNil(onTrampoline)
        XCTAssertNotNil(onScheduler, "not ended yet")
        scheduler.start()
        XCTAssertNil(onScheduler)
        XCTAssertEqual(kept.count, 2)
    }
}
