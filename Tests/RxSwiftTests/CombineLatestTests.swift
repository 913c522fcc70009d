import RxSwift
import RxTest
import TestSupport
import XCTest

final class CombineLatestTests: RxTestCase {
    func testCombinesLatestValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
        let b = scheduler.createHotObservable([.next(220, "x"), .next(240, "y"), .completed(260)])
        let res = scheduler.start { Observable.combineLatest(a, b) { "\($0)\($1)" } }
        XCTAssertEqual(res.events, [.next(220, "1x"), .next(230, "2x"), .next(240, "2y"), .completed(260)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 260)])
    }

    /// A collection of sources: the arrays emitted are each emission's values, unchanged by later
    /// emissions (the operator updates its array in place, and copies it when a subscriber kept
    /// the previous one); the end and the sources' subscriptions as with fixed arities.
    func testCollectionEmitsIndependentArraysAndEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(240, 4), .completed(300)])
        let b = scheduler.createHotObservable([.next(220, 2), .next(250, 5), .error(260, testError)])
        let c = scheduler.createHotObservable([.next(205, 0), .next(230, 3)])
        let res = scheduler.start { Observable.combineLatest([a, b, c]) }
        XCTAssertEqual(
            res.events,
            [
                .next(220, [1, 2, 0]), .next(230, [1, 2, 3]), .next(240, [4, 2, 3]), .next(250, [4, 5, 3]),
                .error(260, testError),
            ])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(c.subscriptions, [Subscription(200, 260)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let d = scheduler2.createHotObservable([.next(210, 1), .completed(220)])
        let e = scheduler2.createHotObservable([.next(230, 2), .completed(240)])
        let res2 = scheduler2.start(disposed: 235) { Observable.combineLatest([d, e]) { $0.reduce(0, +) } }
        XCTAssertEqual(res2.events, [.next(230, 3)])
        XCTAssertEqual(e.subscriptions, [Subscription(200, 235)])
    }

    /// Two subscriptions of one collection `combineLatest`, made at different times, each combine
    /// their own sources' latest values: neither sees the other's.
    func testCollectionSubscriptionsKeepTheirOwnLatestValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .next(30, 2)])
        let b = scheduler.createColdObservable([.next(20, 10)])
        let combined = Observable.combineLatest([a.asObservable(), b.asObservable()]) { $0.reduce(0, +) }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let subscriptions = CompositeDisposable()
        scheduler.scheduleAt(200) { _ = subscriptions.insert(combined.subscribe(first)) }
        scheduler.scheduleAt(215) { _ = subscriptions.insert(combined.subscribe(second)) }
        scheduler.scheduleAt(1000) { subscriptions.dispose() }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(220, 11), .next(230, 12)])
        XCTAssertEqual(second.events, [.next(235, 11), .next(245, 12)])
    }

    func testTupleArraysErrorsAndThrowingSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let b = scheduler.createHotObservable([.next(220, 2)])
        let res = scheduler.start { Observable.combineLatest(a, b).map { $0.0 + $0.1 } }
        XCTAssertEqual(res.events, [.next(220, 3), .error(230, testError)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(
            collect(Observable.combineLatest([Observable.just(1), Observable.just(2)])), [.next([1, 2]), .completed])
        XCTAssertEqual(
            collect(Observable.combineLatest([Observable.just(1), Observable.just(2)]) { $0.reduce(0, +) }),
            [.next(3), .completed])
        XCTAssertEqual(
            collect(
                Observable.combineLatest(Observable.just(1), Observable.just(2)) { _, _ -> Int in throw testError }),
            [.error(testError)])
        XCTAssertEqual(collect(Observable.combineLatest([Observable<Int>]())), [.next([]), .completed])
    }

    func testArityEight() {
        let s = Observable.just(1)
        let combined = Observable.combineLatest(s, s, s, s, s, s, s, s) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
        XCTAssertEqual(collect(combined), [.next(8), .completed])
    }

    func testDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1)])
        let b = scheduler.createHotObservable([.next(220, 2)])
        let res = scheduler.start(disposed: 230) { Observable.combineLatest(a, b) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(220, 3)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])
    }

    /// `combineLatest` with a sequence that sends 10 at 205 and 20 at 225 and never ends, added:
    /// no completion while a combination can still come. With an empty source, as in RxSwift, the
    /// end comes with the next element that cannot be combined (225), not with the source's end.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(210, 11), .next(220, 12), .next(225, 22), .next(230, 23)]),
                .empty([.completed(225)]),
                .error([.next(210, 11), .error(220, testError)]),
                .disposedMidStream([.next(210, 11), .next(220, 12)]),
            ]
        ) { source, scheduler in
            Observable.combineLatest(source, scheduler.createHotObservable([.next(205, 10), .next(225, 20)])) {
                $0 + $1
            }
        }
    }
}

extension CombineLatestTests {
    func testEmptyCollectionEmitsTheSelectorOfNothingThenCompletes() {
        XCTAssertEqual(
            collect(Observable.combineLatest([Observable<Int>]()) { $0.reduce(0, +) }), [.next(0), .completed])
        XCTAssertEqual(
            collect(Observable<Int>.combineLatest([Observable<Int>]()) { _ in throw testError }), [.error(testError)])
    }

    /// RxSwift's rule, which its own suite pins (`testCombineLatest_WillNeverBeAbleToCombine2`…),
    /// and which OpenRx keeps (RxSwift issue 2317 asks to change it): the combination completes
    /// when an element arrives that can never be combined, not when the empty input completes,
    /// and what the live input sends afterwards, an error included, is not delivered.
    func testCompletesWhenAnElementCanNeverBeCombinedAndDropsTheLiveInputsLaterError() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let b = scheduler.createHotObservable([.next(220, 1), .error(230, testError)])
        let res = scheduler.start { Observable.combineLatest(a, b) { $0 + $1 } }
        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 220)])
    }

    func testCompletesWhenAnElementCanNeverBeCombined() {
        // b emits while a has not emitted and every other source (a) has completed.
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let b = scheduler.createHotObservable([.next(220, 1), .next(230, 2), .completed(240)])
        let res = scheduler.start { Observable.combineLatest(a, b) { $0 + $1 } }
        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 220)])
    }
    /// An input that fails while it is being subscribed: the inputs already subscribed are
    /// disposed of at once, then the failing one when its `subscribe` returns. (RxSwift disposes
    /// of the failing one first and the others when the whole `subscribe` returns: the migration
    /// guide lists the difference; nothing is delivered differently.)
    func testAnInputFailingWhileSubscribedDisposesTheOthersAtOnce() {
        let events = eventsWhenAnInputFailsWhileSubscribed { live, failing in
            Observable.combineLatest(live, failing) { $0 + $1 }
        }
        XCTAssertEqual(
            events,
            ["live subscribed", "error", "onDisposed", "live disposed", "failing disposed", "subscribe returned"])
    }

}
