import RxSwift
import TestSupport
import RxTest
import XCTest

final class FlatMapTests: RxTestCase {
    func testSynchronousInnerSequencesEmitBeforeTheNextOuterElement() {
        var latest: [Int] = []
        var merged: [Int] = []
        var first: [Int] = []
        _ = Observable.of(1, 2).flatMapLatest { Observable.just($0 * 100) }.subscribe(onNext: { latest.append($0) })
        _ = Observable.of(1, 2).flatMap { Observable.of($0, $0 * 10) }.subscribe(onNext: { merged.append($0) })
        _ = Observable.of(1, 2).flatMapFirst { Observable.just($0 * 100) }.subscribe(onNext: { first.append($0) })
        XCTAssertEqual(latest, [100, 200], "no element of a synchronous inner sequence is lost")
        XCTAssertEqual(merged, [1, 10, 2, 20])
        XCTAssertEqual(first, [100, 200])
    }

    func testMergesInnerSequences() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
        let b = scheduler.createColdObservable([.next(5, 10), .completed(10)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(225, 1), .completed(250)])
        let res = scheduler.start { xs.flatMap { $0 == 0 ? a : b } }
        XCTAssertEqual(res.events, [.next(220, 1), .next(230, 10), .next(240, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(b.subscriptions, [Subscription(225, 235)])
    }

    func testWaitsForInnerCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(50, 1), .completed(60)])
        let xs = scheduler.createHotObservable([.next(210, 0), .completed(220)])
        let res = scheduler.start { xs.flatMap { _ in inner } }
        XCTAssertEqual(res.events, [.next(260, 1), .completed(270)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 270)])
    }

    func testInnerErrorDisposesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let good = scheduler.createColdObservable([.next(100, 1)])
        let bad = scheduler.createColdObservable([.error(20, testError)] as [Recorded<Event<Int>>])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(215, 1)])
        let res = scheduler.start { xs.flatMap { $0 == 0 ? good : bad } }
        XCTAssertEqual(res.events, [.error(235, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
        XCTAssertEqual(good.subscriptions, [Subscription(210, 235)])
        XCTAssertEqual(bad.subscriptions, [Subscription(215, 235)])
    }

    func testSelectorThrowsAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
        let xs = scheduler.createHotObservable([.next(210, 0)])
        let res = scheduler.start(disposed: 250) { xs.flatMap { _ in inner } }
        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(collect(Observable.of(1).flatMap { _ -> Observable<Int> in throw testError }), [.error(testError)])
    }

    func testTenThousandNestedFlatMaps() {
        var source = Observable.just(0)
        for _ in 0..<10_000 {
            source = source.flatMap { Observable.just($0 + 1) }
        }
        XCTAssertEqual(collect(source), [.next(10_000), .completed])
    }
}

final class MergeOperatorTests: RxTestCase {
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
        let xs = scheduler.createHotObservable([.next(210, a.asObservable()), .next(211, b.asObservable()), .next(212, c.asObservable()), .completed(213)])
        let res = scheduler.start { xs.merge(maxConcurrent: 2) }
        XCTAssertEqual(res.events, [.next(220, 1), .next(221, 2), .next(240, 3), .completed(250)])
        XCTAssertEqual(c.subscriptions, [Subscription(230, 250)])
        XCTAssertEqual(collect(Observable.of(Observable.just(1)).merge(maxConcurrent: 0)), [.error(RxError.argumentOutOfRange)])
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
        let subscription = Observable.merge(sources).subscribe(onNext: { value in
            busy.mutate { if $0 { overlapped.mutate { $0 = true } }; $0 = true }
            received.mutate { $0.append(value) }
            busy.mutate { $0 = false }
        }, onCompleted: { done.fulfill() })
        wait(for: [done], timeout: 30)
        subscription.dispose()
        XCTAssertEqual(received.value.count, 8_000)
        XCTAssertEqual(Set(received.value).count, 8_000)
        XCTAssertFalse(overlapped.value)
    }
}

final class ConcatMapTests: RxTestCase {
    func testSubscribesOneAfterAnother() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(215, 1), .completed(216)])
        let res = scheduler.start { xs.concatMap { _ in inner } }
        XCTAssertEqual(res.events, [.next(220, 1), .next(240, 1), .completed(250)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230), Subscription(230, 250)])
    }
}

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
}

final class FlatMapLatestTests: RxTestCase {
    func testSwitchesToLatestAndDisposesPrevious() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
        let b = scheduler.createColdObservable([.next(10, 10), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(230, 1), .completed(235)])
        let res = scheduler.start { xs.flatMapLatest { $0 == 0 ? a : b } }
        XCTAssertEqual(res.events, [.next(220, 1), .next(240, 10), .completed(250)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(b.subscriptions, [Subscription(230, 250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)], "a completed source's subscription ends at its completion")
    }

    func testErrorsAndSwitchLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        let bad = scheduler.createColdObservable([.error(10, testError)] as [Recorded<Event<Int>>])
        let xs = scheduler.createHotObservable([.next(210, bad.asObservable())])
        let res = scheduler.start { xs.switchLatest() }
        XCTAssertEqual(res.events, [.error(220, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(collect(Observable.of(1).flatMapLatest { _ -> Observable<Int> in throw testError }), [.error(testError)])
    }

    func testDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
        let xs = scheduler.createHotObservable([.next(210, 0)])
        let res = scheduler.start(disposed: 250) { xs.flatMapLatest { _ in inner } }
        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 250)])
    }
}

final class ConcatTests: RxTestCase {
    func testReadsTheCollectionLazily() {
        // Each source's collection builds the next one only when iterated: an eager copy of the
        // collection would recurse forever.
        func chain(_ index: Int) -> Observable<Int> {
            Observable.concat([0, 1].lazy.map { step in step == 0 ? Observable.just(index) : (index < 50 ? chain(index + 1) : .empty()) })
        }
        var elements: [Int] = []
        _ = chain(0).subscribe(onNext: { elements.append($0) })
        XCTAssertEqual(elements, Array(0...50))
    }

    func testSubscribesInTurn() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let res = scheduler.start { a.concat(b) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(240)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(b.subscriptions, [Subscription(220, 240)])
    }

    func testErrorStopsAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.error(10, testError)] as [Recorded<Event<Int>>])
        let b = scheduler.createColdObservable([.next(10, 2)])
        let res = scheduler.start { Observable.concat([a.asObservable(), b.asObservable()]) }
        XCTAssertEqual(res.events, [.error(210, testError)])
        XCTAssertEqual(b.subscriptions, [])
        let c = scheduler.createColdObservable([.next(10, 3), .next(900, 4)])
        let res2 = scheduler.start(created: 1_000, subscribed: 1_000, disposed: 1_050) { Observable.concat(c.asObservable()) }
        XCTAssertEqual(res2.events, [.next(1_010, 3)])
        XCTAssertEqual(c.subscriptions, [Subscription(1_000, 1_050)])
    }

    func testHundredThousandSynchronousSources() {
        let sources = (0..<100_000).map { Observable.just($0) }
        var count = 0
        var completed = false
        _ = Observable.concat(sources).subscribe(onNext: { _ in count += 1 }, onCompleted: { completed = true })
        XCTAssertEqual(count, 100_000)
        XCTAssertTrue(completed)
    }

    func testConcatOfObservables() {
        XCTAssertEqual(collect(Observable.of(Observable.of(1, 2), Observable.just(3)).concat()), [.next(1), .next(2), .next(3), .completed])
    }
}

final class RetryTests: RxTestCase {
    func testResubscribesUntilAttemptsRunOut() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start { xs.retry(3) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .next(250, 1), .error(260, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    func testInfiniteRetryAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start(disposed: 245) { xs.retry() }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 245)])
    }

    func testSynchronousFailuresUseConstantStackAndBadCount() {
        var attempts = 0
        let failing = Observable<Int>.deferred {
            attempts += 1
            return .error(testError)
        }
        XCTAssertEqual(collect(failing.retry(100_000)), [.error(testError)])
        XCTAssertEqual(attempts, 100_000)
        XCTAssertEqual(collect(failing.retry(0)), [.error(RxError.argumentOutOfRange)])
    }
}
