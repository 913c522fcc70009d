import RxSwift
import TestSupport
import RxTest
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

    func testTupleArraysErrorsAndThrowingSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let b = scheduler.createHotObservable([.next(220, 2)])
        let res = scheduler.start { Observable.combineLatest(a, b).map { $0.0 + $0.1 } }
        XCTAssertEqual(res.events, [.next(220, 3), .error(230, testError)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(collect(Observable.combineLatest([Observable.just(1), Observable.just(2)])), [.next([1, 2]), .completed])
        XCTAssertEqual(collect(Observable.combineLatest([Observable.just(1), Observable.just(2)]) { $0.reduce(0, +) }), [.next(3), .completed])
        XCTAssertEqual(collect(Observable.combineLatest(Observable.just(1), Observable.just(2)) { _, _ -> Int in throw testError }), [.error(testError)])
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
}

extension CombineLatestTests {
    func testEmptyCollectionEmitsTheSelectorOfNothingThenCompletes() {
        XCTAssertEqual(collect(Observable.combineLatest([Observable<Int>]()) { $0.reduce(0, +) }), [.next(0), .completed])
        XCTAssertEqual(collect(Observable<Int>.combineLatest([Observable<Int>]()) { _ in throw testError }), [.error(testError)])
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
}

final class ZipTests: RxTestCase {
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

    func testErrorsCollectionsAndThrowingSelector() {
        XCTAssertEqual(collect(Observable.zip([Observable.of(1, 2), Observable.of(3, 4)])), [.next([1, 3]), .next([2, 4]), .completed])
        XCTAssertEqual(collect(Observable.zip(Observable.of(1), Observable<Int>.error(testError)) { $0 + $1 }), [.error(testError)])
        XCTAssertEqual(collect(Observable.zip(Observable.of(1), Observable.of(2)) { _, _ -> Int in throw testError }), [.error(testError)])
        let s = Observable.of(1, 2)
        XCTAssertEqual(collect(Observable.zip(s, s, s, s, s, s, s, s) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }), [.next(8), .next(16), .completed])
    }
}

final class WithLatestFromTests: RxTestCase {
    func testCombinesWithLatestOfSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
        let second = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(245)])
        let res = scheduler.start { first.withLatestFrom(second) { "\($0)\($1)" } }
        XCTAssertEqual(res.events, [.next(230, "2a"), .next(250, "3b"), .completed(260)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(second.subscriptions, [Subscription(200, 245)])
    }

    func testSecondErrorAndSelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([.next(230, 1)])
        let second = scheduler.createHotObservable([.error(220, testError)] as [Recorded<Event<Int>>])
        let res = scheduler.start { first.withLatestFrom(second) }
        XCTAssertEqual(res.events, [.error(220, testError)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(collect(Observable.of(1).withLatestFrom(Observable.just(2)) { _, _ -> Int in throw testError }), [.error(testError)])
    }
}

final class MultiSourceEngineTests: RxTestCase {
    func testZipQueuesManyElementsInOrder() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<String>()
        var pairs: [String] = []
        let subscription = Observable.zip(a, b) { "\($0)\($1)" }.subscribe(onNext: { pairs.append($0) })
        for value in 0..<10 { a.onNext(value) }
        for letter in ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"] { b.onNext(letter) }
        subscription.dispose()
        XCTAssertEqual(pairs, ["0a", "1b", "2c", "3d", "4e", "5f", "6g", "7h", "8i", "9j"])
    }

    func testZipFromTwoThreadsPairsByIndexWithoutLossOrOverlap() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let results = LockedBox<[Int]>([])
        let inside = LockedBox(0)
        let overlaps = LockedBox(0)
        let subscription = Observable.zip(a, b) { left, right -> Int in
            XCTAssertEqual(left, right)
            return left
        }.subscribe(onNext: { value in
            inside.mutate { $0 += 1; if $0 > 1 { overlaps.mutate { $0 += 1 } } }
            results.mutate { $0.append(value) }
            inside.mutate { $0 -= 1 }
        })
        runConcurrently(2) { thread in
            let subject = thread == 0 ? a : b
            for value in 0..<2_000 { subject.onNext(value) }
        }
        subscription.dispose()
        XCTAssertEqual(results.value, Array(0..<2_000))
        XCTAssertEqual(overlaps.value, 0)
    }

    func testCombineLatestFromTwoThreadsDeliversSeriallyAndEndsWithTheLastValues() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let last = LockedBox<(Int, Int)?>(nil)
        let count = LockedBox(0)
        let inside = LockedBox(0)
        let overlaps = LockedBox(0)
        let subscription = Observable.combineLatest(a, b).subscribe(onNext: { pair in
            inside.mutate { $0 += 1; if $0 > 1 { overlaps.mutate { $0 += 1 } } }
            last.mutate { $0 = pair }
            count.mutate { $0 += 1 }
            inside.mutate { $0 -= 1 }
        })
        a.onNext(-1)
        b.onNext(-1)
        runConcurrently(2) { thread in
            let subject = thread == 0 ? a : b
            for value in 0..<2_000 { subject.onNext(value) }
        }
        subscription.dispose()
        XCTAssertEqual(overlaps.value, 0)
        XCTAssertEqual(count.value, 4_001, "one combination per element once both have one")
        XCTAssertEqual(last.value?.0, 1_999)
        XCTAssertEqual(last.value?.1, 1_999)
    }
}
