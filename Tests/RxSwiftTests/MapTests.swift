import RxSwift
import TestSupport
import RxTest
import XCTest

final class MapTests: RxTestCase {
    func testElementsCompletionAndSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(230), .next(240, 4)])
        let res = scheduler.start { xs.map { $0 * 2 } }
        XCTAssertEqual(res.events, [.next(210, 4), .next(220, 6), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, testError)])
        let res = scheduler.start { xs.map { $0 * 2 } }
        XCTAssertEqual(res.events, [.next(210, 4), .error(220, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let res = scheduler.start { xs.map { value -> Int in
            if value == 2 { throw testError }
            return value
        } }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let res = scheduler.start(disposed: 225) { xs.map { $0 + 1 } }
        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }
}

final class CompactMapTests: RxTestCase {
    func testDropsNilsAndForwardsErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "1"), .next(220, "x"), .next(230, "3"), .error(240, testError)])
        let res = scheduler.start { xs.compactMap { Int($0) } }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3), .error(240, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testThrowingTransform() {
        XCTAssertEqual(collect(Observable.of(1, 2).compactMap { _ -> Int? in throw testError }), [.error(testError)])
    }
}

final class FilterTests: RxTestCase {
    func testKeepsMatchingElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250)])
        let res = scheduler.start { xs.filter { $0 % 2 == 0 } }
        XCTAssertEqual(res.events, [.next(220, 2), .next(240, 4), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testPredicateThrowsAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let res = scheduler.start { xs.filter { _ in throw testError } }
        XCTAssertEqual(res.events, [.error(210, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        let ys = scheduler.createHotObservable([.next(1_010, 1), .next(1_030, 2)])
        let res2 = scheduler.start(created: 1_000, subscribed: 1_001, disposed: 1_020) { ys.filter { _ in true } }
        XCTAssertEqual(res2.events, [.next(1_010, 1)])
        XCTAssertEqual(ys.subscriptions, [Subscription(1_001, 1_020)])
    }
}

final class ScanTests: RxTestCase {
    func testEmitsRunningAccumulation() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start { xs.scan(10) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(210, 11), .next(220, 13), .next(230, 16), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testScanIntoAndErrors() {
        XCTAssertEqual(collect(Observable.of(1, 2).scan(into: [Int]()) { $0.append($1) }), [.next([1]), .next([1, 2]), .completed])
        XCTAssertEqual(collect(Observable.of(1, 2).scan(0) { _, _ in throw testError }), [.error(testError)])
        XCTAssertEqual(collect(Observable<Int>.error(testError).scan(0, accumulator: +)), [.error(testError)])
    }
}

final class ReduceTests: RxTestCase {
    func testEmitsFinalValueOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.reduce(0, accumulator: +) }
        XCTAssertEqual(res.events, [.next(230, 3), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testVariants() {
        XCTAssertEqual(collect(Observable<Int>.empty().reduce(5, accumulator: +)), [.next(5), .completed])
        XCTAssertEqual(collect(Observable.of(1, 2).reduce(0, accumulator: +, mapResult: { "\($0)" })), [.next("3"), .completed])
        XCTAssertEqual(collect(Observable.of(1, 2).reduce(into: 0) { $0 += $1 }), [.next(3), .completed])
        XCTAssertEqual(collect(Observable.of(1, 2).reduce(0) { _, _ in throw testError }), [.error(testError)])
    }
}

final class DistinctUntilChangedTests: RxTestCase {
    func testDropsConsecutiveDuplicates() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 1), .next(230, 2), .next(240, 1), .completed(250)])
        let res = scheduler.start { xs.distinctUntilChanged() }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .next(240, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testKeyComparerAndKeyPathForms() {
        XCTAssertEqual(collect(Observable.of("a", "A", "b").distinctUntilChanged { $0.lowercased() }), [.next("a"), .next("b"), .completed])
        XCTAssertEqual(collect(Observable.of(1, 3, 4).distinctUntilChanged { $0 % 2 == $1 % 2 }), [.next(1), .next(4), .completed])
        XCTAssertEqual(collect(Observable.of("ab", "cd", "efg").distinctUntilChanged(at: \.count)), [.next("ab"), .next("efg"), .completed])
        XCTAssertEqual(collect(Observable.of(1, 2).distinctUntilChanged { _, _ in throw testError }), [.next(1), .error(testError)])
    }
}

final class MapFusionTests: RxTestCase {
    func testConsecutiveMapsBehaveAsSeparateOnes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start { xs.map { $0 + 1 }.map { $0 * 10 }.map { value -> Int in
            if value == 40 { throw testError }
            return value
        } }
        XCTAssertEqual(res.events, [.next(210, 20), .next(220, 30), .error(230, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        var fifty = Observable.just(0)
        for _ in 0..<50 { fifty = fifty.map { $0 + 1 } }
        XCTAssertEqual(collect(fifty), [.next(50), .completed])
    }
}
