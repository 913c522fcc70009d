import RxSwift
import RxTest
import TestSupport
import XCTest

final class FlatMapLatestTests: RxTestCase {
    /// Once failed, it calls the selector no more (the migration guide's improvement: RxSwift
    /// calls it for the next synchronous element and subscribes its inner sequence into the
    /// disposed operator).
    func testAFailedFlatMapLatestCallsTheSelectorNoMore() {
        var calls: [Int] = []
        var events: [Event<Int>] = []
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }
        _ = source.flatMapLatest { value -> Observable<Int> in
            calls.append(value)
            return value == 1 ? .error(testError) : .just(value)
        }.subscribe { events.append($0) }
        XCTAssertEqual(calls, [1])
        XCTAssertEqual(events, [.error(testError)])
    }

    /// A newer element disposes the previous inner sequence before it subscribes the next one,
    /// as RxSwift does (a shared source the previous one kept connected disconnects first; a
    /// resource is released before the next one is taken). Both happen at the same virtual
    /// time, so `subscriptions` cannot tell: the log of `do(onSubscribe:onDispose:)` can.
    func testTheOldInnerIsDisposedBeforeTheNewOneIsSubscribed() {
        var log: [String] = []
        let inners = (1...3).map { index in
            Observable<Int>.never().do(
                onSubscribe: { log.append("subscribe \(index)") }, onDispose: { log.append("dispose \(index)") })
        }
        let outer = PublishSubject<Int>()
        let latest = outer.flatMapLatest { inners[$0] }.subscribe()
        outer.onNext(0)
        outer.onNext(1)
        outer.onNext(2)
        latest.dispose()
        XCTAssertEqual(
            log, ["subscribe 1", "dispose 1", "subscribe 2", "dispose 2", "subscribe 3", "dispose 3"])

        log = []
        let sources = PublishSubject<Observable<Int>>()
        let switched = sources.switchLatest().subscribe()
        sources.onNext(inners[0])
        sources.onNext(inners[1])
        switched.dispose()
        XCTAssertEqual(log, ["subscribe 1", "dispose 1", "subscribe 2", "dispose 2"])
    }

    /// The latest inner sequence fails: it is disposed before the error reaches the subscriber,
    /// and the outer sequence after it, for flatMapLatest and switchLatest alike: RxSwift
    /// 6.10.2's order, printed by the same chains.
    func testAFailingInnerIsDisposedBeforeTheErrorGoesOn() {
        let forms: [(String, (Observable<Int>, Observable<Int>) -> Observable<Int>)] = [
            ("flatMapLatest", { outer, inner in outer.flatMapLatest { _ in inner } }),
            ("switchLatest", { outer, inner in outer.map { _ in inner }.switchLatest() }),
        ]
        for (name, form) in forms {
            var log: [String] = []
            let scheduler = TestScheduler(initialClock: 0)
            let inner = scheduler.createHotObservable([.next(300, 7), .error(400, testError)])
            let outer = scheduler.createHotObservable([.next(250, 0), .next(900, 1)])
            let failing = inner.asObservable().do(
                onError: { _ in log.append("inner.onError") }, afterError: { _ in log.append("inner.afterError") },
                onDispose: { log.append("inner.onDispose") })
            let res = scheduler.start {
                form(outer.asObservable().do(onDispose: { log.append("outer.onDispose") }), failing).do(
                    onError: { _ in log.append("s.error") }, onDispose: { log.append("s.disposed") })
            }
            XCTAssertEqual(
                log.joined(separator: " "),
                "inner.onError inner.onDispose s.error outer.onDispose s.disposed inner.afterError", name)
            XCTAssertEqual(res.events, [.next(300, 7), .error(400, testError)], name)
            XCTAssertEqual(inner.subscriptions, [Subscription(250, 400)], name)
            XCTAssertEqual(outer.subscriptions, [Subscription(200, 400)], name)
        }
    }

    func testSwitchesToLatestAndDisposesPrevious() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
        let b = scheduler.createColdObservable([.next(10, 10), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(230, 1), .completed(235)])
        let res = scheduler.start { xs.flatMapLatest { $0 == 0 ? a : b } }
        XCTAssertEqual(res.events, [.next(220, 1), .next(240, 10), .completed(250)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(b.subscriptions, [Subscription(230, 250)])
        XCTAssertEqual(
            xs.subscriptions, [Subscription(200, 235)], "a completed source's subscription ends at its completion")
    }

    func testErrorsAndSwitchLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        let bad = scheduler.createColdObservable([.error(10, testError)] as [Recorded<Event<Int>>])
        let xs = scheduler.createHotObservable([.next(210, bad.asObservable())])
        let res = scheduler.start { xs.switchLatest() }
        XCTAssertEqual(res.events, [.error(220, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(
            collect(Observable.of(1).flatMapLatest { _ -> Observable<Int> in throw testError }), [.error(testError)])
    }

    func testDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
        let xs = scheduler.createHotObservable([.next(210, 0)])
        let res = scheduler.start(disposed: 250) { xs.flatMapLatest { _ in inner } }
        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 250)])
    }

    /// An inner sequence that keeps sending after it was disposed (a foreign one that ignores
    /// disposal) is not heard once the switch has moved on, as in RxSwift.
    func testAnInnerThatKeepsSendingAfterTheSwitchIsNotHeard() {
        let outer = PublishSubject<Int>()
        let unruly = [UnrulySequence(), UnrulySequence()]
        var seen: [Int] = []
        let subscription = outer.flatMapLatest { unruly[$0] }.subscribe(onNext: { seen.append($0) })
        outer.onNext(0)
        unruly[0].send(1)
        outer.onNext(1)
        unruly[0].send(2) // switched away from: dropped
        unruly[1].send(3)
        XCTAssertEqual(seen, [1, 3])
        subscription.dispose()
        unruly.forEach { $0.forget() }
    }

    // `just` inners are handed over without an inner subscription; what a subscriber sees must
    // be what subscribing them gives.

    func testJustInnersAreForwardedAndTheOuterCompletionEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.flatMapLatest { Observable.just($0 * 10) } }
        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testJustInnerAfterALiveInnerDisposesIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let live = scheduler.createColdObservable([.next(5, 100), .next(50, 101)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1)])
        let res = scheduler.start { xs.flatMapLatest { $0 == 0 ? live.asObservable() : .just(7) } }
        XCTAssertEqual(res.events, [.next(215, 100), .next(220, 7)])
        XCTAssertEqual(live.subscriptions, [Subscription(210, 220)])
    }

    func testAnElementSentFromInsideAJustInnersDeliveryComesAfterIt() {
        let subject = PublishSubject<Int>()
        var seen: [Int] = []
        let subscription = subject.flatMapLatest { Observable.just($0) }.subscribe(onNext: { value in
            seen.append(value)
            if value < 3 { subject.onNext(value + 1) }
        })
        subject.onNext(1)
        XCTAssertEqual(seen, [1, 2, 3])
        subscription.dispose()
    }

    /// Disposed after an element passed the disposal check (here by the selector itself, as a
    /// subscriber on another thread may at that moment), the inner subscription is not kept:
    /// kept, it would hold the stage, and the stage it (found by the real-thread suite, a
    /// `PublishSubject` fed by two threads and a consumer that disposes midway).
    func testDisposedWhileAnElementArrivesKeepsNoInnerSubscription() {
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        let resourcesAtStart = Resources.total
        let subscription = SingleAssignmentDisposable()
        var seen: [Int] = []
        subscription.setDisposable(
            outer.flatMapLatest { _ -> Observable<Int> in
                subscription.dispose()
                return inner.map { $0 }
            }.subscribe(onNext: { seen.append($0) }))
        outer.onNext(1)
        inner.onNext(2)
        XCTAssertEqual(seen, [])
        XCTAssertFalse(inner.hasObservers)
        XCTAssertEqual(Resources.total, resourcesAtStart)
    }

    // MARK: async transform

    /// A newer element cancels the call still running for the previous one, whose result (even
    /// if it arrives) is never delivered; the result of the latest is; the source's completion
    /// waits for it.
    func testAsyncTransformCancelsThePreviousCall() async {
        let subject = PublishSubject<Int>()
        let work = ManualWork<Int, String>()
        let recorder = SerialRecorder<String>()
        let subscription = subject.flatMapLatest { try await work.value(for: $0) }.subscribe(recorder)
        subject.onNext(1)
        let first = await eventually { work.started == [1] }
        XCTAssertTrue(first)
        subject.onNext(2)
        let switched = await eventually { work.cancelled == [1] && work.started == [1, 2] }
        XCTAssertTrue(switched)
        work.finish(1, with: .success("one"))
        subject.onCompleted()
        work.finish(2, with: .success("two"))
        let done = await eventually { recorder.terminals == ["completed"] }
        XCTAssertTrue(done)
        XCTAssertEqual(recorder.elements, ["two"])
        XCTAssertFalse(recorder.overlapped)
        subscription.dispose()
    }

    /// Disposing the subscription cancels the running call; nothing is delivered after it.
    func testAsyncTransformIsCancelledByDisposal() async {
        let subject = PublishSubject<Int>()
        let work = ManualWork<Int, String>()
        let recorder = SerialRecorder<String>()
        let subscription = subject.flatMapLatest { try await work.value(for: $0) }.subscribe(recorder)
        subject.onNext(1)
        _ = await eventually { work.started == [1] }
        subscription.dispose()
        let cancelled = await eventually { work.cancelled == [1] }
        XCTAssertTrue(cancelled)
        XCTAssertFalse(subject.hasObservers)
        XCTAssertEqual(recorder.elements, [])
        XCTAssertEqual(recorder.terminals, [])
    }

    /// `scenarioInner` for each element, each disposing the one before: 1's second element (225)
    /// and 2's (235) are never sent. `switchLatest` of the same inners does the same.
    func testScenarios() {
        let table: [Scenario<Int>] =
            [.elements([.next(215, 10), .next(225, 20), .next(235, 30), .next(245, 31), .completed(248)])]
            + Scenario.innersCommonRows
        assertScenarios(table) { source, scheduler in source.flatMapLatest { scenarioInner($0, on: scheduler) } }
        assertScenarios(table) { source, scheduler in source.map { scenarioInner($0, on: scheduler) }.switchLatest() }
        let justInners = { (source: Observable<Int>) in source.flatMapLatest { Observable.just($0 * 10) } }
        XCTAssertEqual(collect(justInners(.of(1, 2, 3))), [.next(10), .next(20), .next(30), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2, 3], through: justInners)
        XCTAssertEqual(reentrant.events, [.next(10), .next(20), .next(30), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }

    /// The generic form takes any sequence type (a `Single` here), each converted as it arrives.
    func testAnInnerSequenceOfAnotherType() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.flatMapLatest { Single.just($0 * 10) } }
        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        let switched = Observable.of(Single.just(1), Single.just(2)).switchLatest()
        XCTAssertEqual(collect(switched), [.next(1), .next(2), .completed])
    }
}

/// A sequence from outside the library that ignores disposal: `send` reaches whoever subscribed
/// last, disposed or not.
private final class UnrulySequence: ObservableType, @unchecked Sendable {
    // @unchecked Sendable: used from the test's thread only.
    typealias Element = Int
    private var observer: AnyObserver<Int>?

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        self.observer = AnyObserver(observer)
        return Disposables.create()
    }

    func send(_ element: Int) {
        observer?.onNext(element)
    }

    func forget() {
        observer = nil
    }
}
