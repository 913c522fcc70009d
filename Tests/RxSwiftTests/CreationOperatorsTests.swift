import RxSwift
import TestSupport
import RxTest
import XCTest

func collect<Element>(_ source: Observable<Element>) -> [Event<Element>] {
    var events: [Event<Element>] = []
    _ = source.subscribe { events.append($0) }
    return events
}

final class JustEmptyNeverErrorTests: RxTestCase {
    func testJust() {
        XCTAssertEqual(collect(.just(1)), [.next(1), .completed])
    }

    func testJustOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.just(1, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .completed(202)])
    }

    func testEmptyNeverError() {
        XCTAssertEqual(collect(Observable<Int>.empty()), [.completed])
        XCTAssertEqual(collect(Observable<Int>.error(testError)), [.error(testError)])
        XCTAssertEqual(collect(Observable<Int>.never()), [])
    }
}

final class FromTests: RxTestCase {
    func testOfAndFrom() {
        XCTAssertEqual(collect(.of(1, 2, 3)), [.next(1), .next(2), .next(3), .completed])
        XCTAssertEqual(collect(.from([4, 5])), [.next(4), .next(5), .completed])
        XCTAssertEqual(collect(.from(1...3)), [.next(1), .next(2), .next(3), .completed])
        XCTAssertEqual(collect(.from(optional: 7)), [.next(7), .completed])
        XCTAssertEqual(collect(Observable<Int>.from(optional: nil)), [.completed])
    }

    func testOfOnTestSchedulerEmitsOneElementPerTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    }

    func testDisposalStopsTheLoop() {
        var seen: [Int] = []
        _ = Observable.from(1...1_000_000).take(3).subscribe(onNext: { seen.append($0) })
        XCTAssertEqual(seen, [1, 2, 3])
    }

    func testDisposeBeforeItsTimeOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 202) { Observable.of(1, 2, 3, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1)])
    }
}

final class RangeTests: RxTestCase {
    func testRange() {
        XCTAssertEqual(collect(Observable.range(start: 5, count: 3)), [.next(5), .next(6), .next(7), .completed])
        XCTAssertEqual(collect(Observable.range(start: 5, count: 0)), [.completed])
    }

    func testBadArguments() {
        XCTAssertEqual(collect(Observable.range(start: 0, count: -1)), [.error(RxError.argumentOutOfRange)])
        XCTAssertEqual(collect(Observable<Int8>.range(start: 120, count: 10)), [.error(RxError.overflow)])
        XCTAssertEqual(collect(Observable<Int8>.range(start: 120, count: 8)).count, 9)
    }
}

final class RepeatElementGenerateTests: RxTestCase {
    func testRepeatElement() {
        XCTAssertEqual(collect(Observable.repeatElement(4).take(3)), [.next(4), .next(4), .next(4), .completed])
    }

    func testGenerate() {
        XCTAssertEqual(collect(Observable.generate(initialState: 1, condition: { $0 < 10 }, iterate: { $0 * 3 })), [.next(1), .next(3), .next(9), .completed])
    }

    func testGenerateThrows() {
        let source = Observable.generate(initialState: 0, condition: { _ in true }, iterate: { value -> Int in
            if value == 1 { throw testError }
            return value + 1
        })
        XCTAssertEqual(collect(source), [.next(0), .next(1), .error(testError)])
    }
}

final class DeferredTests: RxTestCase {
    func testFactoryRunsPerSubscriber() {
        var calls = 0
        let source = Observable<Int>.deferred {
            calls += 1
            return .just(calls)
        }
        XCTAssertEqual(collect(source), [.next(1), .completed])
        XCTAssertEqual(collect(source), [.next(2), .completed])
    }

    func testFactoryError() {
        XCTAssertEqual(collect(Observable<Int>.deferred { throw testError }), [.error(testError)])
    }
}

final class TimerTests: RxTestCase {
    func testOneShotTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.timer(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 0), .completed(210)])
    }

    func testPeriodicTimerAndInterval() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 245) { Observable<Int>.timer(.seconds(10), period: .seconds(15), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 0), .next(225, 1), .next(240, 2)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let res2 = scheduler2.start(disposed: 235) { Observable<Int>.interval(.seconds(10), scheduler: scheduler2) }
        XCTAssertEqual(res2.events, [.next(210, 0), .next(220, 1), .next(230, 2)])
    }
}

final class UsingTests: RxTestCase {
    func testResourceLivesAsLongAsTheSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let resource = BooleanDisposable()
        var xs: TestableObservable<Int>!
        var aliveAt219 = false
        scheduler.scheduleAt(219) { aliveAt219 = !resource.isDisposed }
        let res = scheduler.start {
            Observable.using({ resource }, observableFactory: { _ in
                xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
                return xs.asObservable()
            })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertTrue(aliveAt219)
        XCTAssertTrue(resource.isDisposed)
    }

    func testFactoryErrorDisposesResource() {
        let resource = BooleanDisposable()
        let source = Observable<Int>.using({ resource }, observableFactory: { _ in throw testError })
        XCTAssertEqual(collect(source), [.error(testError)])
        XCTAssertTrue(resource.isDisposed)
    }
}
