import RxTest
import TestSupport
import XCTest

@testable import RxSwift

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

/// A merge whose one inner sequence is its last (its outer sequence completed, or is a `just`)
/// hands that sequence's elements to where its downstream would, skipping the stages between
/// (`MergeSink.passing`): in recursive paging each page arrives through a few stages, not two
/// per enclosing level (RxSwift issue 1981; `Tests/DeepChains` runs 100,000 pages).
final class MergePassThroughTests: RxTestCase {
    /// Actions held until the test runs them, one after another from a flat loop.
    private final class HeldScheduler: ImmediateSchedulerType, @unchecked Sendable {
        // @unchecked Sendable: used on the test's thread only.
        var actions: [() -> Void] = []

        func schedule<State>(_ state: State, action: @escaping (State) -> Disposable) -> Disposable {
            let disposable = SingleAssignmentDisposable()
            actions.append { if !disposable.isDisposed { disposable.setDisposable(action(state)) } }
            return disposable
        }

        func runAll() {
            while !actions.isEmpty { actions.removeFirst()() }
        }
    }

    /// `fetch(page).flatMap { last ? end(page) : load(next).startWith(page) }`; `selected` sees
    /// each page as the selector does.
    private func pages(
        from page: Int, count: Int, fetch: @escaping (Int) -> Observable<Int>,
        end: @escaping (Int) -> Observable<Int> = { .just($0) }, selected: @escaping (Int) -> Void = { _ in }
    ) -> Observable<Int> {
        fetch(page).flatMap { [self] page in
            selected(page)
            return page + 1 == count
                ? end(page)
                : pages(from: page + 1, count: count, fetch: fetch, end: end, selected: selected).startWith(page)
        }
    }

    /// Each page fetched from the scheduler's loop arrives at the same depth, whatever its level.
    /// Before, page k went down through two stages of each of the k levels above it: 600 pages
    /// spread over hundreds of kilobytes of stack.
    func testPagesFetchedOnAnotherThreadArriveAtTheSameDepthAtAnyLevel() {
        let scheduler = HeldScheduler()
        var depths: [Int] = []
        var completed = false
        let subscription = pages(from: 0, count: 600, fetch: { Observable.just($0).subscribe(on: scheduler) })
            .subscribe(onNext: { _ in depths.append(stackAddress()) }, onCompleted: { completed = true })
        scheduler.runAll()
        XCTAssertEqual(depths.count, 600)
        XCTAssertTrue(completed)
        // The first page arrives before its level's outer sequence completed, through the merge.
        let spread = depths.dropFirst().max()! - depths.dropFirst().min()!
        XCTAssertLessThan(spread, 4096, "pages arrive deeper as the chain grows")
        subscription.dispose()
    }

    /// With a synchronous fetch (a `just`) every level is subscribed inside the one above, so
    /// the stack grows with the levels; what must not grow is how far below its level's selector
    /// each page arrives. Before, page k arrived through two stages of each level above it.
    func testPagesFetchedAtOnceArriveAtTheSameDepthBelowTheirLevel() {
        var selectorDepths: [Int: Int] = [:]
        var arrivals: [Int] = []
        var completed = false
        let subscription = pages(
            from: 0, count: 300, fetch: { .just($0) }, selected: { selectorDepths[$0] = stackAddress() }
        )
        .subscribe(
            onNext: { page in arrivals.append(selectorDepths[page]! - stackAddress()) },
            onCompleted: { completed = true })
        XCTAssertEqual(arrivals.count, 300)
        XCTAssertTrue(completed)
        // About 4 KB below in a debug build, at every level; a page whose level was subscribed
        // through the trampoline (every 32nd: `maxInnerSubscriptionDepth`) arrives above it.
        XCTAssertLessThan(arrivals.max()!, 8192, "pages arrive further below their level as the chain grows")
        subscription.dispose()
    }

    /// A `just` as the outer sequence: the merge completes after the `just` would have, as in
    /// RxSwift, not as soon as the inner sequence does, though it knows no other will come.
    func testAJustOuterSequenceCompletesTheMergeAfterTheInnerSubscriptionReturns() {
        var log: [String] = []
        _ = Observable.just(1).flatMap { _ in
            Observable<Int>.create { observer in
                observer.onNext(10)
                observer.onCompleted()
                log.append("after completed")
                return Disposables.create { log.append("inner disposed") }
            }
        }
        .subscribe(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") })
        XCTAssertEqual(log, ["next 10", "after completed", "inner disposed", "completed"])
    }

    /// Elements that pass levels by arrive once, in order, with the error and nothing after a
    /// disposal, from outside or from the observer's own `onNext`.
    func testWhatPassesThroughEndsAsTheChainDoes() {
        for ending in ["error", "dispose", "dispose in onNext"] {
            let scheduler = HeldScheduler()
            let last = PublishSubject<Int>()
            var log: [String] = []
            var subscription: Disposable?
            subscription = pages(
                from: 0, count: 50, fetch: { Observable.just($0).subscribe(on: scheduler) },
                end: { page in last.startWith(page) }
            )
            .subscribe(
                onNext: { page in
                    log.append("\(page)")
                    if ending == "dispose in onNext" && page == 101 { subscription?.dispose() }
                },
                onError: { _ in log.append("error") }, onCompleted: { log.append("completed") })
            scheduler.runAll()
            last.onNext(100)
            last.onNext(101)
            switch ending {
            case "error": last.onError(TestError.test)
            case "dispose": subscription?.dispose()
            default: break
            }
            last.onNext(102)
            last.onCompleted()
            let expected = (0..<50).map(String.init) + ["100", "101"] + (ending == "error" ? ["error"] : [])
            XCTAssertEqual(log, expected, ending)
            XCTAssertFalse(last.hasObservers, ending)
            subscription?.dispose()
        }
    }

    /// A delivery that waits for the stack to unwind is not overtaken by what comes after it:
    /// the merge passes its last inner sequence's elements on only when nothing waits in it.
    /// (The last level's first element from `last` waits in its merge; the level above already
    /// passes its elements further up, where the next element would go first.)
    func testElementsThatWaitForTheStackAreNotOvertakenByWhatPassesThrough() {
        let scheduler = HeldScheduler()
        let last = PublishSubject<Int>()
        var log: [String] = []
        let subscription = pages(
            from: 0, count: 20, fetch: { Observable.just($0).subscribe(on: scheduler) },
            end: { page in last.startWith(page) }
        )
        .subscribe(onNext: { log.append("\($0)") }, onCompleted: { log.append("completed") })
        scheduler.runAll()
        CurrentThreadScheduler.runWithTheStackLowForTesting {
            for value in 100..<105 { last.onNext(value) }
            last.onCompleted()
            log.append("sent")
        }
        last.onNext(200)
        XCTAssertEqual(log, (0..<20).map(String.init) + ["sent"] + (100..<105).map(String.init) + ["completed"])
        subscription.dispose()
    }
}
