import RxSwift
import RxTest
import TestSupport
import XCTest

final class MergeTests: RxTestCase {
    /// The outer sequence completes with nothing left to run: the limited forms (`concat()`,
    /// `concatMap`, `merge(maxConcurrent:)`) forward the completion first and dispose the outer
    /// subscription with the rest after it; the others dispose the outer subscription first.
    /// RxSwift 6.10.2's orders, printed by the same chains.
    func testTheOrderOfTheOuterDisposalAndTheCompletion() {
        let limitedOrder = "t2.onCompleted t1.onCompleted t1.afterCompleted t2.onDispose t1.onDispose"
        let unlimitedOrder = "t2.onCompleted t2.onDispose t1.onCompleted t1.afterCompleted t1.onDispose"
        let forms: [(String, (Observable<Int>) -> Observable<Int>, String)] = [
            ("concat()", { $0.map { _ in Observable<Int>.empty() }.concat() }, limitedOrder),
            ("concatMap", { $0.concatMap { _ in Observable<Int>.empty() } }, limitedOrder),
            (
                "merge(maxConcurrent: 2)", { $0.map { _ in Observable<Int>.empty() }.merge(maxConcurrent: 2) },
                limitedOrder
            ),
            ("flatMap", { $0.flatMap { _ in Observable<Int>.empty() } }, unlimitedOrder),
            ("flatMapFirst", { $0.flatMapFirst { _ in Observable<Int>.empty() } }, unlimitedOrder),
            ("merge()", { $0.map { _ in Observable<Int>.empty() }.merge() }, unlimitedOrder),
        ]
        for (name, form, expected) in forms {
            var log: [String] = []
            let scheduler = TestScheduler(initialClock: 0)
            let outer = scheduler.createColdObservable([Recorded<Event<Int>>.completed(65)])
            let t2 = outer.asObservable().do(
                onCompleted: { log.append("t2.onCompleted") }, onDispose: { log.append("t2.onDispose") })
            let res = scheduler.start {
                form(t2).do(
                    onCompleted: { log.append("t1.onCompleted") }, afterCompleted: { log.append("t1.afterCompleted") },
                    onDispose: { log.append("t1.onDispose") })
            }
            XCTAssertEqual(log.joined(separator: " "), expected, name)
            XCTAssertEqual(res.events, [.completed(265)], name)
            XCTAssertEqual(outer.subscriptions, [Subscription(200, 265)], name)
        }
    }

    func testStaticMerge() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let b = scheduler.createHotObservable([.next(220, 2), .completed(240)])
        let res = scheduler.start { Observable.merge(a.asObservable(), b.asObservable()) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(240)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 240)])
    }

    func testMaxConcurrentQueuesInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let c = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let xs = scheduler.createHotObservable([
            .next(210, a.asObservable()), .next(211, b.asObservable()), .next(212, c.asObservable()), .completed(213),
        ])
        let res = scheduler.start { xs.merge(maxConcurrent: 2) }
        XCTAssertEqual(res.events, [.next(220, 1), .next(221, 2), .next(240, 3), .completed(250)])
        XCTAssertEqual(c.subscriptions, [Subscription(230, 250)])
        XCTAssertEqual(
            collect(Observable.of(Observable.just(1)).merge(maxConcurrent: 0)), [.error(RxError.argumentOutOfRange)])
    }

    /// Inner sequences that arrive while another is being subscribed wait, and are all subscribed
    /// after it, `just`s (which leave no subscription behind) among them.
    func testEveryInnerThatArrivedDuringASubscriptionIsSubscribed() {
        var outer: AnyObserver<Observable<Int>>?
        let source = Observable<Observable<Int>>.create { observer in
            outer = observer
            return Disposables.create()
        }
        var seen: [Int] = []
        let subscription = source.merge().subscribe(onNext: { seen.append($0) })
        outer?.onNext(
            Observable.create { observer in
                for value in 1...3 { outer?.onNext(.just(value)) }
                observer.onNext(0)
                return Disposables.create()
            })
        XCTAssertEqual(seen, [0, 1, 2, 3])
        subscription.dispose()
    }

    func testConcurrentInnerSourcesAreSerialised() {
        let sources = (0..<4).map { index in
            Observable<Int>.create { observer in
                DispatchQueue.global().async {
                    for value in 0..<2_000 { observer.onNext(index * 10_000 + value) }
                    observer.onCompleted()
                }
                return Disposables.create()
            }
        }
        let done = expectation(description: "completed")
        let received = LockedBox<[Int]>([])
        let busy = LockedBox(false)
        let overlapped = LockedBox(false)
        let subscription = Observable.merge(sources).subscribe(
            onNext: { value in
                busy.mutate {
                    if $0 { overlapped.mutate { $0 = true } }; $0 = true
                }
                received.mutate { $0.append(value) }
                busy.mutate { $0 = false }
            }, onCompleted: { done.fulfill() })
        wait(for: [done], timeout: 30)
        subscription.dispose()
        XCTAssertEqual(received.value.count, 8_000)
        XCTAssertEqual(Set(received.value).count, 8_000)
        XCTAssertFalse(overlapped.value)
    }

    /// `merge()` of `scenarioInner`s runs them all at once (as `flatMap`); `merge(maxConcurrent:
    /// 1)` one after another (as `concatMap`).
    func testScenarios() {
        assertScenarios(Scenario.innersAllAtOnce) { source, scheduler in
            source.map { scenarioInner($0, on: scheduler) }.merge()
        }
        assertScenarios(Scenario.innersOneAfterAnother) { source, scheduler in
            source.map { scenarioInner($0, on: scheduler) }.merge(maxConcurrent: 1)
        }
        let justInners = { (source: Observable<Int>) in source.map { Observable.just($0 * 10) }.merge() }
        XCTAssertEqual(collect(justInners(.of(1, 2, 3))), [.next(10), .next(20), .next(30), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2, 3], through: justInners)
        XCTAssertEqual(reentrant.events, [.next(10), .next(20), .next(30), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }

    /// An element that a subscriber sends into another of the merged sources from inside a
    /// delivery is delivered after that delivery returns, never inside it.
    func testAnElementSentFromInsideADeliveryComesAfterIt() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var log: [String] = []
        let subscription = Observable.merge(a.asObservable(), b.asObservable()).subscribe(onNext: { value in
            log.append("begin \(value)")
            if value == 1 { b.onNext(2) }
            log.append("end \(value)")
        })
        a.onNext(1)
        XCTAssertEqual(log, ["begin 1", "end 1", "begin 2", "end 2"])
        subscription.dispose()
    }

    /// `merge(maxConcurrent:)` disposes a completed inner sequence before subscribing a waiting
    /// one, so a shared source reconnects (RxSwift's subscriptions).
    func testMaxConcurrentDisposesACompletedInnerSequenceBeforeTheNext() {
        let scheduler = TestScheduler(initialClock: 0)
        let hot = scheduler.createHotObservable([.next(260, 6), .next(300, 7), .next(340, 8)])
        let once = hot.asObservable().publish().refCount().take(1)
        XCTAssertEqual(
            scheduler.start { Observable.of(once, once, once).merge(maxConcurrent: 1) }.events,
            [.next(260, 6), .next(300, 7), .next(340, 8), .completed(340)])
        XCTAssertEqual(hot.subscriptions, [Subscription(200, 260), Subscription(260, 300), Subscription(300, 340)])
    }

    /// An inner sequence's place, freed when it completes, goes to the oldest waiting one, even
    /// when a newer one arrives in between (here, from the finished inner's disposal; on real
    /// threads, from the outer's thread while the inner completes on another). (The newer one
    /// took the place, ahead of the one waiting: elements out of order.)
    func testAFreedPlaceGoesToTheOldestWaitingInnerSequence() {
        let outer = PublishSubject<Observable<Int>>()
        let first = PublishSubject<Int>()
        var events: [Event<Int>] = []
        let subscription = outer.merge(maxConcurrent: 1).subscribe { events.append($0) }
        outer.onNext(first.do(onDispose: { outer.onNext(.just(3)) }))
        outer.onNext(.just(2))
        first.onNext(1)
        first.onCompleted()
        outer.onCompleted()
        XCTAssertEqual(events, [.next(1), .next(2), .next(3), .completed])
        subscription.dispose()
    }

    /// A waiting inner sequence is subscribed through the trampoline, as RxSwift 6.10 does: behind
    /// what the running inner sequences queued there (RxSwift's output, recorded outside the
    /// repository: 1 2 3 4 9 C).
    func testAWaitingInnerSequenceIsSubscribedThroughTheTrampoline() {
        var seen: [String] = []
        let inners = [Observable.of(1, 2), Observable.of(3, 4), Observable.just(9)]
        Observable.from(inners).merge(maxConcurrent: 2)
            .subscribe(onNext: { seen.append("\($0)") }, onCompleted: { seen.append("C") })
            .dispose()
        XCTAssertEqual(seen, ["1", "2", "3", "4", "9", "C"])
    }

    /// An input that fails while it is being subscribed: the inputs already subscribed are
    /// disposed of at once, then the failing one when its `subscribe` returns. (RxSwift disposes
    /// of the failing one first and the others when the whole `subscribe` returns: the migration
    /// guide lists the difference; nothing is delivered differently.)
    func testAnInputFailingWhileSubscribedDisposesTheOthersAtOnce() {
        let events = eventsWhenAnInputFailsWhileSubscribed { live, failing in Observable.merge(live, failing) }
        XCTAssertEqual(
            events,
            ["live subscribed", "error", "onDisposed", "live disposed", "failing disposed", "subscribe returned"])
    }

    /// The waiting inner sequence that takes a freed place is subscribed behind what the trampoline
    /// holds already, even when the stage's own subscription loop is running further up the stack
    /// (RxSwift 6.10's order, recorded outside the repository: inner 2 completes before inner 4 is
    /// subscribed).
    func testAWaitingInnerSequenceWaitsBehindTheTrampolineEvenInsideASubscriptionLoop() {
        var log: [String] = []
        func logged(_ source: Observable<Int>, _ index: Int) -> Observable<Int> {
            source.do(
                onNext: { log.append("\($0)") }, onCompleted: { log.append("c\(index)") },
                onSubscribe: { log.append("s\(index)") }, onDispose: { log.append("d\(index)") })
        }
        let inners = [
            logged(.just(10), 0), logged(.of(20, 21, 22), 1), logged(.of(30, 31, 32), 2), logged(.just(40), 3),
            logged(.just(50), 4),
        ]
        Observable.from(inners).merge(maxConcurrent: 2).subscribe(onCompleted: { log.append("C") }).dispose()
        XCTAssertEqual(
            log.joined(separator: " "),
            "s0 10 c0 d0 s1 20 s2 21 30 22 31 c1 d1 32 s3 40 c3 d3 c2 d2 s4 50 c4 C d4")
    }

}
