import RxSwift
import RxTest
import TestSupport
import XCTest

final class RetryTests: RxTestCase {
    /// Each failed attempt is disposed before the next one subscribes, as in RxSwift: a shared
    /// source that the failed attempt kept connected is disconnected and connected again.
    /// The resources of two attempts never overlap: `using`'s resource of the failed attempt is
    /// disposed before the next attempt creates its own.
    func testUsingResourcesOfTwoAttemptsDoNotOverlap() {
        final class Resource: Disposable {
            let id: Int
            let log: LockedBox<[String]>
            init(_ id: Int, log: LockedBox<[String]>) {
                self.id = id
                self.log = log
                log.mutate { $0.append("create \(id)") }
            }
            func dispose() { log.mutate { $0.append("dispose \(id)") } }
        }
        let scheduler = TestScheduler(initialClock: 0)
        let log = LockedBox<[String]>([])
        let made = LockedBox(0)
        let res = scheduler.start {
            Observable<Int>.using(
                { () -> Resource in
                    made.mutate { $0 += 1 }
                    return Resource(made.value, log: log)
                },
                observableFactory: { _ in scheduler.createColdObservable([.error(10, testError)]).asObservable() }
            )
            .retry(2)
        }
        XCTAssertEqual(res.events, [.error(220, testError)])
        XCTAssertEqual(log.value, ["create 1", "dispose 1", "create 2", "dispose 2"])
    }

    func testDisposesTheFailedAttemptBeforeSubscribingTheNext() {
        let scheduler = TestScheduler(initialClock: 0)
        let hot = scheduler.createHotObservable([.next(210, 1), .next(350, 2)])
        let res = scheduler.start { hot.share().timeout(.seconds(30), scheduler: scheduler).retry(3) }
        // Attempt 1 times out at 240 (30 after the element at 210), attempts 2 and 3 at 270 and 300.
        XCTAssertEqual(res.events, [.next(210, 1), .error(300, RxError.timeout)])
        XCTAssertEqual(hot.subscriptions, [Subscription(200, 240), Subscription(240, 270), Subscription(270, 300)])
    }

    /// A source that fails synchronously, retried forever, stops as soon as `take(1)` has what it
    /// needs, although `take` ended while it was still being subscribed and so could not dispose
    /// it yet (RxSwift issue 2298: there `subscribe` never returns).
    func testEndlessSynchronousRetryStopsWhenDownstreamEnds() {
        let events = LockedBox<[String]>([])
        let subscriptions = LockedBox(0)
        XCTAssertTrue(
            returnsInTime {
                let source = Observable.deferred {
                    subscriptions.mutate { $0 += 1 }
                    return Observable.just(0).concat(Observable<Int>.error(testError))
                }
                _ = source.retry().take(1).subscribe(
                    onNext: { value in events.mutate { $0.append("next \(value)") } },
                    onCompleted: { events.mutate { $0.append("completed") } })
            }, "subscribe did not return")
        XCTAssertEqual(events.value, ["next 0", "completed"])
        XCTAssertEqual(subscriptions.value, 1, "not re-subscribed after the downstream ended")
    }

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
        // No attempt at all: completes at once without subscribing, as in RxSwift 6.10.
        attempts = 0
        XCTAssertEqual(collect(failing.retry(0)), [.completed])
        XCTAssertEqual(attempts, 0)
        XCTAssertEqual(collect(failing.retry(-1)), [.error(RxError.argumentOutOfRange)])
        XCTAssertEqual(attempts, 0)
    }

    /// `retry(2)` of a hot source: the second subscription, made at the error, hears nothing more.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)]),
                .empty([.completed(210)]),
                .error([.next(210, 1)], subscribed: [Subscription(200, 220), Subscription(220, 1000)]),
                .disposedMidStream([.next(210, 1), .next(220, 2)]),
            ]
        ) { source in source.retry(2) }
    }

    /// A failed attempt that is a `create` forwarding a subscription of a shared source is torn
    /// down before the next attempt subscribes, so each attempt connects anew (as in RxSwift; the
    /// next attempt joined the failed one's connection and saw nothing).
    func testEachAttemptOfACreateForwardingASharedSubscriptionConnectsAnew() {
        let shares: [(Observable<Int>) -> Observable<Int>] = [{ $0.publish().refCount() }, { $0.share(replay: 1) }]
        for share in shares {
            let scheduler = TestScheduler(initialClock: 0)
            let cold = scheduler.createColdObservable([.next(50, 4)])
            let shared = share(cold.asObservable())
            let failing = Observable<Int>.create { observer in
                shared.map { _ -> Int in throw testError }.subscribe { observer.on($0) }
            }
            XCTAssertEqual(scheduler.start { failing.retry(3) }.events, [.error(350, testError)])
            XCTAssertEqual(
                cold.subscriptions, [Subscription(200, 250), Subscription(250, 300), Subscription(300, 350)])
        }
        let scheduler = TestScheduler(initialClock: 0)
        let cold = scheduler.createColdObservable([.next(50, 4)])
        let shared = cold.asObservable().publish().refCount()
        let failing = Observable<Int>.create { observer in
            shared.map { _ -> Int in throw testError }.subscribe { observer.on($0) }
        }
        XCTAssertEqual(scheduler.start { failing.retry(when: { errors in errors.take(2) }) }.events, [.completed(350)])
        XCTAssertEqual(cold.subscriptions, [Subscription(200, 250), Subscription(250, 300), Subscription(300, 350)])
    }

    func testSingleRetryOfACreateForwardingASharedSubscriptionConnectsAnew() {
        let scheduler = TestScheduler(initialClock: 0)
        let cold = scheduler.createColdObservable([.next(50, 4)])
        let shared = cold.asObservable().share(replay: 1)
        let failing = Single<Int>.create { single in
            shared.map { _ -> Int in throw testError }.subscribe(
                onNext: { single(.success($0)) }, onError: { single(.failure($0)) })
        }
        XCTAssertEqual(scheduler.start { failing.retry(3).asObservable() }.events, [.error(350, testError)])
        XCTAssertEqual(cold.subscriptions, [Subscription(200, 250), Subscription(250, 300), Subscription(300, 350)])
    }

    /// A source that fails while it is being subscribed, on its last attempt: the error and
    /// `onDisposed` come first, then that attempt's disposal. (RxSwift disposes of the last attempt
    /// first: an order-only difference the migration guide lists.)
    func testTheLastAttemptFailingWhileSubscribedIsDisposedAfterTheError() {
        struct Failure: Error {}
        var log: [String] = []
        var attempts = 0
        let failing = Observable<Int>.create { observer in
            attempts += 1
            let attempt = attempts
            log.append("create\(attempt)")
            observer.onError(Failure())
            return Disposables.create { log.append("disposed\(attempt)") }
        }
        _ = failing.retry(2).subscribe(onError: { _ in log.append("error") }, onDisposed: { log.append("onDisposed") })
        XCTAssertEqual(log, ["create1", "disposed1", "create2", "error", "onDisposed", "disposed2"])
    }

}
