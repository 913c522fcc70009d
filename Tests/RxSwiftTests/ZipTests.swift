import RxSwift
import RxTest
import TestSupport
import XCTest

final class ZipTests: RxTestCase {
    /// Two subscriptions of one collection `zip`, made at different times, each pair their own
    /// sources' elements: neither takes the other's.
    func testCollectionSubscriptionsKeepTheirOwnQueues() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .next(30, 2)])
        let b = scheduler.createColdObservable([.next(20, 10), .next(40, 20)])
        let zipped = Observable.zip([a.asObservable(), b.asObservable()]) { $0.reduce(0, +) }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let subscriptions = CompositeDisposable()
        scheduler.scheduleAt(200) { _ = subscriptions.insert(zipped.subscribe(first)) }
        scheduler.scheduleAt(215) { _ = subscriptions.insert(zipped.subscribe(second)) }
        scheduler.scheduleAt(1000) { subscriptions.dispose() }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(220, 11), .next(240, 22)])
        XCTAssertEqual(second.events, [.next(235, 11), .next(255, 22)])
    }

    func testCompletesOnlyWhenEverySourceHasCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let b = scheduler.createHotObservable([.next(220, 1), .completed(230)])
        let res = scheduler.start { Observable.zip(a, b) { $0 + $1 } }
        XCTAssertEqual(res.events, [.completed(230)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])
    }

    func testCollectionZipCompletesWhenAnElementCanNeverBePaired() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let b = scheduler.createHotObservable([.next(230, 1), .next(240, 2)])
        let res = scheduler.start { Observable.zip([a.asObservable(), b.asObservable()]) { $0.reduce(0, +) } }
        XCTAssertEqual(res.events, [.next(230, 2), .completed(240)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 240)])
    }

    func testEmptyCollectionCompletes() {
        XCTAssertEqual(collect(Observable.zip([Observable<Int>]()) { $0.reduce(0, +) }), [.completed])
    }

    func testPairsByIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let b = scheduler.createHotObservable([.next(215, "x"), .next(250, "y"), .next(260, "z"), .completed(270)])
        let res = scheduler.start { Observable.zip(a, b) { "\($0)\($1)" } }
        XCTAssertEqual(res.events, [.next(215, "1x"), .next(250, "2y"), .next(260, "3z"), .completed(270)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 240)])
    }

    func testAnElementThatCanNeverBePairedDoesNotEndTheSequence() {
        // As in RxSwift: zip ends when every source has ended, not before.
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let b = scheduler.createHotObservable([.next(230, 1), .next(240, 2)])
        let res = scheduler.start { Observable.zip(a, b).map { $0.0 + $0.1 } }
        XCTAssertEqual(res.events, [.next(230, 2)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 1000)])
    }

    /// A source's queue of unpaired elements is a ring buffer (four places at first): elements
    /// queued after it wrapped around, then more than it holds, come out in the order they came.
    func testUnpairedElementsKeepTheirOrderWhenTheQueueWrapsAroundAndGrows() {
        for makeZip in [
            { (a: PublishSubject<Int>, b: PublishSubject<Int>) in Observable.zip(a, b) { $0 * 100 + $1 } },
            { a, b in Observable.zip([a.asObservable(), b.asObservable()]) { $0[0] * 100 + $0[1] } },
        ] {
            let a = PublishSubject<Int>()
            let b = PublishSubject<Int>()
            var pairs: [Int] = []
            let subscription = makeZip(a, b).subscribe(onNext: { pairs.append($0) })
            for value in 1...3 { a.onNext(value) }
            for value in 1...2 { b.onNext(value) } // takes 1 and 2: the queue's head moves to its third place
            for value in 4...9 { a.onNext(value) } // 3...6 fill it around the end; 7 makes it grow
            for value in 3...9 { b.onNext(value) }
            XCTAssertEqual(pairs, (1...9).map { $0 * 100 + $0 })
            subscription.dispose()
        }
    }

    func testErrorsCollectionsAndThrowingSelector() {
        XCTAssertEqual(
            collect(Observable.zip([Observable.of(1, 2), Observable.of(3, 4)])),
            [.next([1, 3]), .next([2, 4]), .completed])
        XCTAssertEqual(
            collect(Observable.zip(Observable.of(1), Observable<Int>.error(testError)) { $0 + $1 }), [.error(testError)]
        )
        XCTAssertEqual(
            collect(Observable.zip(Observable.of(1), Observable.of(2)) { _, _ -> Int in throw testError }),
            [.error(testError)])
        let s = Observable.of(1, 2)
        XCTAssertEqual(
            collect(Observable.zip(s, s, s, s, s, s, s, s) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }),
            [.next(8), .next(16), .completed])
    }

    /// `zip` with a sequence that sends 10, 20, 30 at 205, 225, 235 and never ends, added: pairs by index; no completion while a source can still send.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(210, 11), .next(225, 22), .next(235, 33)]),
                .empty([]),
                .error([.next(210, 11), .error(220, testError)]),
                .disposedMidStream([.next(210, 11)]),
            ]
        ) { source, scheduler in
            Observable.zip(source, scheduler.createHotObservable([.next(205, 10), .next(225, 20), .next(235, 30)])) {
                $0 + $1
            }
        }
    }
    /// An input that fails while it is being subscribed: the inputs already subscribed are
    /// disposed of at once, then the failing one when its `subscribe` returns. (RxSwift disposes
    /// of the failing one first and the others when the whole `subscribe` returns: the migration
    /// guide lists the difference; nothing is delivered differently.)
    func testAnInputFailingWhileSubscribedDisposesTheOthersAtOnce() {
        let events = eventsWhenAnInputFailsWhileSubscribed { live, failing in Observable.zip(live, failing) { $0 + $1 }
        }
        XCTAssertEqual(
            events,
            ["live subscribed", "error", "onDisposed", "live disposed", "failing disposed", "subscribe returned"])
    }

}
