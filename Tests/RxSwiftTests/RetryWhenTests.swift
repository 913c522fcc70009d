import RxSwift
import RxTest
import TestSupport
import XCTest

final class RetryWhenTests: RxTestCase {
    /// A failed attempt is disposed while it delivers its error, before its `do(afterError:)`,
    /// as in RxSwift 6.10.2 (`onError onDispose afterError`, then the next attempt).
    func testAFailedAttemptIsDisposedBeforeItsAfterError() {
        var log: [String] = []
        let scheduler = TestScheduler(initialClock: 0)
        let attempts = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start(disposed: 245) {
            attempts.asObservable().do(
                onError: { _ in log.append("onError") }, afterError: { _ in log.append("afterError") },
                onDispose: { log.append("onDispose") }
            ).retry(when: { (errors: Observable<Error>) in
                errors.flatMap { _ in Observable<Int>.timer(.seconds(5), scheduler: scheduler) }
            })
        }
        // The second attempt is disposed at 245, before its error (due at 245) is sent.
        XCTAssertEqual(log, ["onError", "onDispose", "afterError", "onDispose"])
        XCTAssertEqual(res.events, [.next(210, 1), .next(235, 1)])
        XCTAssertEqual(attempts.subscriptions, [Subscription(200, 220), Subscription(225, 245)])
    }

    /// As `retry`: the failed attempt is disposed before the trigger's next attempt subscribes, so
    /// a shared source connects anew.
    func testDisposesTheFailedAttemptBeforeSubscribingTheNext() {
        let scheduler = TestScheduler(initialClock: 0)
        let hot = scheduler.createHotObservable([.next(210, 1), .next(350, 2)])
        let res = scheduler.start {
            hot.share().timeout(.seconds(30), scheduler: scheduler)
                .retry(when: { errors in
                    errors.enumerated().map { attempt, error in
                        if attempt >= 2 { throw error }
                        return ()
                    }
                })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(300, RxError.timeout)])
        XCTAssertEqual(hot.subscriptions, [Subscription(200, 240), Subscription(240, 270), Subscription(270, 300)])
    }

    /// As `retry()` (RxSwift issue 2298): a trigger that re-subscribes at once for ever stops
    /// when the downstream has ended.
    func testSynchronousRetryWhenStopsWhenDownstreamEnds() {
        let events = LockedBox<[String]>([])
        XCTAssertTrue(
            returnsInTime {
                _ = Observable.just(0).concat(Observable<Int>.error(testError))
                    .retry(when: { errors in errors })
                    .take(1)
                    .subscribe(
                        onNext: { value in events.mutate { $0.append("next \(value)") } },
                        onCompleted: { events.mutate { $0.append("completed") } })
            }, "subscribe did not return")
        XCTAssertEqual(events.value, ["next 0", "completed"])
    }

    func testTriggerCompletingWhileTheSourceRunsIsIgnoredUntilTheSourceEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 1), .completed(250)])
        let trigger = scheduler.createHotObservable([.next(205, 0), .completed(210)])
        let res = scheduler.start(disposed: 300) { xs.retry { (_: Observable<Error>) in trigger } }
        XCTAssertEqual(res.events, [.next(220, 1), .completed(250)])
        XCTAssertEqual(
            xs.subscriptions, [Subscription(200, 250)], "the trigger's element before any error does not resubscribe")
    }

    func testTriggerEndThatCameWhileTheSourceRanIsAppliedAtTheNextError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(30, testError)])
        let trigger = scheduler.createHotObservable([.completed(205)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.retry { (_: Observable<Error>) in trigger } }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testTriggerElementAfterAnErrorResubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start(disposed: 265) {
            xs.retry { (errors: Observable<Error>) in errors.delay(.seconds(5), scheduler: scheduler) }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(235, 1), .next(260, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(225, 245), Subscription(250, 265)])
    }

    func testResubscribesWhenTheTriggerEmitsAndCompletesWithIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start {
            source.retry(when: { (errors: Observable<TestError>) in
                errors.enumerated().flatMap { attempt, error -> Observable<Int> in
                    attempt < 2 ? Observable.timer(.seconds(5), scheduler: scheduler) : .error(error)
                }
            })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(235, 1), .next(260, 1), .error(270, testError)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220), Subscription(225, 245), Subscription(250, 270)])
    }

    func testTriggerCompletionCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start {
            source.retry(when: { (errors: Observable<Error>) in errors.enumerated().take(while: { $0.index < 1 }) })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .completed(240)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220), Subscription(220, 240)])
    }

    func testErrorsOfAnotherTypeAreForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, RxError.timeout)])
        let res = scheduler.start { source.retry(when: { (errors: Observable<TestError>) in errors }) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, RxError.timeout)])
    }

    func testDisposalEndsSourceAndTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let trigger = scheduler.createHotObservable([.next(500, ())])
        let res = scheduler.start(disposed: 300) { source.retry(when: { (_: Observable<Error>) in trigger }) }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 300)])
    }

    func testSynchronousRetriesUseConstantStack() {
        var attempts = 0
        let source = Observable<Int>.deferred {
            attempts += 1
            return attempts < 50_000 ? .error(testError) : .just(attempts)
        }
        var result: [Int] = []
        _ = source.retry(when: { (errors: Observable<Error>) in errors }).subscribe(onNext: { result.append($0) })
        XCTAssertEqual(result, [50_000])
    }

    @available(*, deprecated, message: "exercises deprecated aliases on purpose")
    func testDeprecatedAlias() {
        var attempts = 0
        let source = Observable<Int>.deferred {
            attempts += 1; return attempts < 3 ? .error(testError) : .just(attempts)
        }
        var result: [Int] = []
        _ = source.retryWhen { (errors: Observable<Error>) in errors }.subscribe(onNext: { result.append($0) })
        XCTAssertEqual(result, [3])
    }

    /// `retry(when:)` whose trigger retries after every error: with a hot source, the second subscription, made at the error, hears nothing more.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)]),
                .empty([.completed(210)]),
                .error([.next(210, 1)], subscribed: [Subscription(200, 220), Subscription(220, 1000)]),
                .disposedMidStream([.next(210, 1), .next(220, 2)]),
            ]
        ) { source in source.retry(when: { (errors: Observable<Error>) in errors.map { _ in () } }) }
    }
}
