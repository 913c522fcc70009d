import RxSwift
import RxTest
import TestSupport
import XCTest

final class CatchTests: RxTestCase {
    // A source that fails while it is being subscribed used to dispose the recovery sequence at
    // the instant it was subscribed: the fallback's subscription was replaced by the source's.
    func testFallbackOfSourceFailingDuringSubscribeIsDelivered() {
        var log: [String] = []
        _ = Observable<Int>.error(testError)
            .catch { _ in .of(1, 2) }
            .subscribe(onNext: { log.append("\($0)") }, onCompleted: { log.append("completed") })
        XCTAssertEqual(log, ["1", "2", "completed"])
    }

    func testColdFallbackOfSynchronousErrorRunsOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let fallback = scheduler.createColdObservable([.next(10, 7), .completed(20)])
        let res = scheduler.start {
            Observable<Int>.create {
                $0.onError(testError); return Disposables.create()
            }.catch { _ in fallback.asObservable() }
        }
        XCTAssertEqual(res.events, [.next(210, 7), .completed(220)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(200, 220)])
    }

    func testInfallibleFallbackOfSynchronousError() {
        let scheduler = TestScheduler(initialClock: 0)
        let fallback = scheduler.createColdObservable([.next(5, 3), .completed(6)])
        let res = scheduler.start {
            Observable<Int>.error(testError).asInfallible(
                onErrorFallbackTo: fallback.asInfallible(onErrorJustReturn: 0)
            ).asObservable()
        }
        XCTAssertEqual(res.events, [.next(205, 3), .completed(206)])
    }

    func testCatchSequenceMovesToTheNextOnErrorAndCompletesWithTheFirstThatCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let second = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let third = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let res = scheduler.start { Observable.catch(sequence: [first, second, third].map { $0.asObservable() }) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(240)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(second.subscriptions, [Subscription(220, 240)])
        XCTAssertEqual(third.subscriptions, [])
    }

    func testCatchSequenceFailsWithTheLastErrorWhenEveryOneFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.error(10, TestError.other)] as [Recorded<Event<Int>>])
        let second = scheduler.createColdObservable([.next(5, 2), .error(10, testError)])
        let res = scheduler.start { Observable.catch(sequence: [first.asObservable(), second.asObservable()]) }
        XCTAssertEqual(res.events, [.next(215, 2), .error(220, testError)])
    }

    func testCatchSequenceOfNothingCompletes() {
        XCTAssertEqual(collect(Observable<Int>.catch(sequence: [])), [.completed])
    }

    func testCatchSequenceDisposalDisposesTheCurrentSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.error(10, testError)] as [Recorded<Event<Int>>])
        let second = scheduler.createColdObservable([.next(100, 2)])
        let res = scheduler.start(disposed: 250) {
            Observable.catch(sequence: [first.asObservable(), second.asObservable()])
        }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 250)])
    }

    func testSwitchesToRecoverySequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let res = scheduler.start { xs.catch { _ in ys.asObservable() } }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 240)])
    }

    func testHandlerThrowsAndCatchAndReturn() {
        XCTAssertEqual(
            collect(Observable<Int>.error(testError).catch { _ in throw TestError.other }), [.error(TestError.other)])
        XCTAssertEqual(collect(Observable<Int>.error(testError).catchAndReturn(5)), [.next(5), .completed])
        XCTAssertEqual(collect(Observable.of(1).catchAndReturn(5)), [.next(1), .completed])
    }

    func testRecoveryErrorIsNotCaughtAgain() {
        XCTAssertEqual(
            collect(Observable<Int>.error(testError).catch { _ in .error(TestError.other) }), [.error(TestError.other)])
    }

    /// `catch { _ in .just(-1) }`: an error becomes -1 and completion.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)]),
                .empty([.completed(210)]),
                .error([.next(210, 1), .next(220, -1), .completed(220)]),
                .disposedMidStream([.next(210, 1), .next(220, 2)]),
            ]
        ) { source in source.catch { _ in .just(-1) } }
        XCTAssertEqual(collect(Observable<Int>.error(testError).catch { _ in .just(-1) }), [.next(-1), .completed])
    }
}
