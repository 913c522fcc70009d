import RxSwift
import RxTest
import TestSupport
import XCTest

final class ConcatTests: RxTestCase {
    /// An endless sequence of synchronous sources stops being pulled when the downstream has
    /// ended, even while it is still being subscribed.
    func testEndlessSynchronousSourcesStopWhenDownstreamEnds() {
        let pulled = LockedBox(0)
        let received = LockedBox<[Int]>([])
        XCTAssertTrue(
            returnsInTime {
                let sources = AnySequence {
                    AnyIterator { () -> Observable<Int>? in
                        pulled.mutate { $0 += 1 }
                        return .just(7)
                    }
                }
                let first = Observable.concat(sources).take(1)
                _ = first.subscribe(onNext: { value in received.mutate { $0.append(value) } })
            }, "subscribe did not return")
        XCTAssertEqual(received.value, [7])
        XCTAssertEqual(pulled.value, 1)
    }

    func testReadsTheCollectionLazily() {
        // Each source's collection builds the next one only when iterated: an eager copy of the
        // collection would recurse forever.
        func chain(_ index: Int) -> Observable<Int> {
            Observable.concat(
                [0, 1].lazy.map { step in
                    step == 0 ? Observable.just(index) : (index < 50 ? chain(index + 1) : .empty())
                })
        }
        var elements: [Int] = []
        _ = chain(0).subscribe(onNext: { elements.append($0) })
        XCTAssertEqual(elements, Array(0...50))
    }

    /// Reading a collection's sources goes no further than the next one (to know whether the
    /// current one is the last): a lazily filtered collection is not filtered ahead.
    func testLooksAtMostOneSourceAhead() {
        let checked = LockedBox<[Int]>([])
        let sources = (0..<100).lazy.filter { index in
            checked.mutate { $0.append(index) }
            return true
        }.map { index in index == 0 ? Observable<Int>.never() : .just(index) }
        let subscription = Observable.concat(sources).subscribe()
        XCTAssertLessThanOrEqual(checked.value.count, 2, "\(checked.value)")
        subscription.dispose()
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
        let res2 = scheduler.start(created: 1_000, subscribed: 1_000, disposed: 1_050) {
            Observable.concat(c.asObservable())
        }
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
        XCTAssertEqual(
            collect(Observable.of(Observable.of(1, 2), Observable.just(3)).concat()),
            [.next(1), .next(2), .next(3), .completed])
    }

    /// `concat` with a cold sequence (100 after 5 ticks, completed after 10), subscribed when the source completes.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(210, 1), .next(220, 2), .next(230, 3), .next(245, 100), .completed(250)]),
                .empty([.next(215, 100), .completed(220)]),
                .error([.next(210, 1), .error(220, testError)]),
                .disposedMidStream([.next(210, 1), .next(220, 2)]),
            ]
        ) { source, scheduler in source.concat(scheduler.createColdObservable([.next(5, 100), .completed(10)])) }
    }

    /// The finished source is disposed before the next one subscribes, so a shared source it
    /// kept connected disconnects and the next one connects anew (RxSwift's values).
    func testAFinishedSharedSourceDisconnectsBeforeTheNextSubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let hot = scheduler.createHotObservable([.next(260, 6), .next(300, 7), .next(340, 8)])
        let once = hot.asObservable().publish().refCount().take(1)
        XCTAssertEqual(
            scheduler.start { Observable.concat([once, once, once]) }.events,
            [.next(260, 6), .next(300, 7), .next(340, 8), .completed(340)])
        XCTAssertEqual(hot.subscriptions, [Subscription(200, 260), Subscription(260, 300), Subscription(300, 340)])

        let other = TestScheduler(initialClock: 0)
        let trigger = other.createHotObservable([.next(260, 6), .next(300, 7)])
        let untilItself = trigger.asObservable().publish().refCount().take(until: trigger)
        XCTAssertEqual(other.start { untilItself.concat(untilItself) }.events, [.completed(300)])
    }

    /// Nested concats are taken into the running one instead of being subscribed: a chain of
    /// them in last place of a collection keeps one level (`maxTailRecursiveSinkStackSize` 1, as
    /// in RxSwift), one from a sequence of unknown length stacks a level each.
    func testNestedConcatsAreTakenInAndTheirDepthIsRecorded() {
        func nestedInCollection(_ start: Int) -> Observable<Int> {
            Observable.concat([0, 1].lazy.map { $0 == 0 ? Observable.just(start) : nestedInCollection(start + 1) })
        }
        func nestedInSequence(_ start: Int) -> Observable<Int> {
            Observable.concat(
                AnySequence([0, 1].lazy.map { $0 == 0 ? Observable.just(start) : nestedInSequence(start + 1) }))
        }
        maxTailRecursiveSinkStackSize = 0
        XCTAssertEqual(collect(nestedInCollection(0).take(100)), (0..<100).map { .next($0) } + [.completed])
        XCTAssertEqual(maxTailRecursiveSinkStackSize, 1)
        maxTailRecursiveSinkStackSize = 0
        XCTAssertEqual(collect(nestedInSequence(0).take(100)), (0..<100).map { .next($0) } + [.completed])
        XCTAssertEqual(maxTailRecursiveSinkStackSize, 100)
    }
}
