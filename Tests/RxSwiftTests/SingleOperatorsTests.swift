import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

final class SingleOperatorsTests: RxTestCase {
    func testDoCallsHooksInOrder() {
        var log: [String] = []
        _ = Single.just(1)
            .do(
                onSuccess: { log.append("success \($0)") }, afterSuccess: { log.append("after \($0)") },
                onSubscribe: { log.append("subscribe") }, onSubscribed: { log.append("subscribed") },
                onDispose: { log.append("dispose") }
            )
            .subscribe(onSuccess: { log.append("got \($0)") })
        _ = Single<Int>.error(testError).do(
            onError: { _ in log.append("error") }, afterError: { _ in log.append("after error") }
        ).subscribe(onFailure: { _ in })
        // just completes during subscribe; as in RxSwift, onDispose still comes after onSubscribed.
        XCTAssertEqual(
            log, ["subscribe", "success 1", "got 1", "after 1", "subscribed", "dispose", "error", "after error"])
    }

    func testFilterCompactMapFlatMapMaybeAndCompletable() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 4), .completed(10)])
        let res = scheduler.start { source.asSingle().filter { $0 > 3 }.asObservable() }
        XCTAssertEqual(res.events, [.next(210, 4), .completed(210)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(outcome { _ in Single.just(4).filter { $0 > 9 } }, [.completed(200)])
        XCTAssertEqual(
            outcome { _ in Single.just(4).compactMap { $0 == 4 ? "four" : nil } },
            [.next(200, "four"), .completed(200)])
        XCTAssertEqual(outcome { _ in Single.just(4).flatMapMaybe { _ in Maybe<String>.empty() } }, [.completed(200)])
        XCTAssertEqual(
            outcome { _ in Single.just(4).flatMapCompletable { _ in Completable.error(testError) } },
            [.error(200, testError)])
    }

    func testZipArityAndCollection() {
        XCTAssertEqual(
            outcome { s in
                Single.zip(
                    s.createColdObservable([.next(10, 1), .completed(10)]).asSingle(),
                    s.createColdObservable([.next(30, 2), .completed(30)]).asSingle()
                ) { $0 + $1 }
            }, [.next(230, 3), .completed(230)])
        XCTAssertEqual(
            outcome { _ in Single.zip([Single.just(1), Single.just(2)]) }, [.next(200, [1, 2]), .completed(200)])
        XCTAssertEqual(outcome { _ in Single<Int>.zip([Single<Int>]()) }, [.next(200, []), .completed(200)])
        let scheduler = TestScheduler(initialClock: 0)
        let slow = scheduler.createColdObservable([.next(50, 1), .completed(50)])
        let res = scheduler.start {
            Single.zip(
                slow.asSingle(), Single<Int>.error(testError).delaySubscription(.seconds(10), scheduler: scheduler)
            ).map { $0 + $1 }.asObservable()
        }
        XCTAssertEqual(res.events, [.error(210, testError)])
        XCTAssertEqual(slow.subscriptions, [Subscription(200, 210)], "the error disposes the other source")
    }

    func testTimerDelayDelaySubscriptionTimeoutRetryWhen() {
        XCTAssertEqual(outcome { s in Single<Int>.timer(.seconds(5), scheduler: s) }, [.next(205, 0), .completed(205)])
        // As in RxSwift: the completion that arrived with the element comes one scheduler step later.
        XCTAssertEqual(
            outcome { s in Single.just(1).delay(.seconds(3), scheduler: s) }, [.next(203, 1), .completed(204)])
        XCTAssertEqual(
            outcome { s in Single.just(1).delaySubscription(.seconds(4), scheduler: s) },
            [.next(204, 1), .completed(204)])
        XCTAssertEqual(
            outcome { s in Single<Int>.never().timeout(.seconds(5), scheduler: s) }, [.error(205, RxError.timeout)])
        XCTAssertEqual(
            outcome { s in Single<Int>.never().timeout(.seconds(5), other: .just(9), scheduler: s) },
            [.next(205, 9), .completed(205)])
        var attempts = 0
        let flaky = Single<Int>.deferred {
            attempts += 1; return attempts < 3 ? .error(testError) : .just(attempts)
        }
        XCTAssertEqual(
            outcome { s in flaky.retry(when: { (errors: Observable<Error>) in errors.delay(.seconds(1), scheduler: s) })
            }, [.next(202, 3), .completed(202)])
    }

    func testUsingDisposesTheResource() {
        let resource = BooleanDisposable()
        XCTAssertEqual(
            outcome { _ in Single.using({ resource }, primitiveSequenceFactory: { _ in Single.just(1) }) },
            [.next(200, 1), .completed(200)])
        XCTAssertTrue(resource.isDisposed)
    }

    func testDisposalBeforeSuccess() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(100, 1), .completed(100)])
        let res = scheduler.start(disposed: 250) { source.asSingle().map { $0 * 2 }.asObservable() }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
    }

    @available(*, deprecated, message: "exercises deprecated aliases on purpose")
    func testAsMaybeAsCompletableAndAliases() {
        XCTAssertEqual(outcome { _ in Single.just(1).asMaybe() }, [.next(200, 1), .completed(200)])
        XCTAssertEqual(outcome { _ in Single.just(1).asCompletable() }, [.completed(200)])
        XCTAssertEqual(
            outcome { _ in Single<Int>.error(testError).catchErrorJustReturn(5) }, [.next(200, 5), .completed(200)])
        XCTAssertEqual(
            outcome { _ in Single<Int>.error(testError).catchError { _ in .just(6) } },
            [.next(200, 6), .completed(200)])
    }
}

/// Records a trait's outcome as an Observable's events on a fresh virtual-time scheduler, which
/// `make` receives to build its test observables.
func outcome<Trait, Element>(
    disposed: TestTime = 1000, _ make: @escaping (TestScheduler) -> PrimitiveSequence<Trait, Element>
) -> [Recorded<Event<Element>>] {
    let scheduler = TestScheduler(initialClock: 0)
    return scheduler.start(disposed: disposed) { make(scheduler).asObservable() }.events
}
