import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

/// Records a trait's outcome as an Observable's events on a fresh virtual-time scheduler, which
/// `make` receives to build its test observables.
private func outcome<Trait, Element>(disposed: TestTime = 1000, _ make: @escaping (TestScheduler) -> PrimitiveSequence<Trait, Element>) -> [Recorded<Event<Element>>] {
    let scheduler = TestScheduler(initialClock: 0)
    return scheduler.start(disposed: disposed) { make(scheduler).asObservable() }.events
}

final class SingleOperatorsTests: RxTestCase {
    func testDoCallsHooksInOrder() {
        var log: [String] = []
        _ = Single.just(1)
            .do(onSuccess: { log.append("success \($0)") }, afterSuccess: { log.append("after \($0)") }, onSubscribe: { log.append("subscribe") }, onSubscribed: { log.append("subscribed") }, onDispose: { log.append("dispose") })
            .subscribe(onSuccess: { log.append("got \($0)") })
        _ = Single<Int>.error(testError).do(onError: { _ in log.append("error") }, afterError: { _ in log.append("after error") }).subscribe()
        // just completes during subscribe; as in RxSwift, onDispose still comes after onSubscribed.
        XCTAssertEqual(log, ["subscribe", "success 1", "got 1", "after 1", "subscribed", "dispose", "error", "after error"])
    }

    func testFilterCompactMapFlatMapMaybeAndCompletable() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 4), .completed(10)])
        let res = scheduler.start { source.asSingle().filter { $0 > 3 }.asObservable() }
        XCTAssertEqual(res.events, [.next(210, 4), .completed(210)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(outcome { _ in Single.just(4).filter { $0 > 9 } }, [.completed(200)])
        XCTAssertEqual(outcome { _ in Single.just(4).compactMap { $0 == 4 ? "four" : nil } }, [.next(200, "four"), .completed(200)])
        XCTAssertEqual(outcome { _ in Single.just(4).flatMapMaybe { _ in Maybe<String>.empty() } }, [.completed(200)])
        XCTAssertEqual(outcome { _ in Single.just(4).flatMapCompletable { _ in Completable.error(testError) } }, [.error(200, testError)])
    }

    func testZipArityAndCollection() {
        XCTAssertEqual(outcome { s in
            Single.zip(s.createColdObservable([.next(10, 1), .completed(10)]).asSingle(),
                       s.createColdObservable([.next(30, 2), .completed(30)]).asSingle()) { $0 + $1 }
        }, [.next(230, 3), .completed(230)])
        XCTAssertEqual(outcome { _ in Single.zip([Single.just(1), Single.just(2)]) }, [.next(200, [1, 2]), .completed(200)])
        XCTAssertEqual(outcome { _ in Single<Int>.zip([Single<Int>]()) }, [.next(200, []), .completed(200)])
        let scheduler = TestScheduler(initialClock: 0)
        let slow = scheduler.createColdObservable([.next(50, 1), .completed(50)])
        let res = scheduler.start { Single.zip(slow.asSingle(), Single<Int>.error(testError).delaySubscription(.seconds(10), scheduler: scheduler)).map { $0 + $1 }.asObservable() }
        XCTAssertEqual(res.events, [.error(210, testError)])
        XCTAssertEqual(slow.subscriptions, [Subscription(200, 210)], "the error disposes the other source")
    }

    func testTimerDelayDelaySubscriptionTimeoutRetryWhen() {
        XCTAssertEqual(outcome { s in Single<Int>.timer(.seconds(5), scheduler: s) }, [.next(205, 0), .completed(205)])
        // As in RxSwift: the completion that arrived with the element comes one scheduler step later.
        XCTAssertEqual(outcome { s in Single.just(1).delay(.seconds(3), scheduler: s) }, [.next(203, 1), .completed(204)])
        XCTAssertEqual(outcome { s in Single.just(1).delaySubscription(.seconds(4), scheduler: s) }, [.next(204, 1), .completed(204)])
        XCTAssertEqual(outcome { s in Single<Int>.never().timeout(.seconds(5), scheduler: s) }, [.error(205, RxError.timeout)])
        XCTAssertEqual(outcome { s in Single<Int>.never().timeout(.seconds(5), other: .just(9), scheduler: s) }, [.next(205, 9), .completed(205)])
        var attempts = 0
        let flaky = Single<Int>.deferred { attempts += 1; return attempts < 3 ? .error(testError) : .just(attempts) }
        XCTAssertEqual(outcome { s in flaky.retry(when: { (errors: Observable<Error>) in errors.delay(.seconds(1), scheduler: s) }) }, [.next(202, 3), .completed(202)])
    }

    func testUsingDisposesTheResource() {
        let resource = BooleanDisposable()
        XCTAssertEqual(outcome { _ in Single.using({ resource }, primitiveSequenceFactory: { _ in Single.just(1) }) }, [.next(200, 1), .completed(200)])
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
        XCTAssertEqual(outcome { _ in Single<Int>.error(testError).catchErrorJustReturn(5) }, [.next(200, 5), .completed(200)])
        XCTAssertEqual(outcome { _ in Single<Int>.error(testError).catchError { _ in .just(6) } }, [.next(200, 6), .completed(200)])
    }
}

final class MaybeOperatorsTests: RxTestCase {
    func testFilterCompactMapFlatMapAndIfEmpty() {
        XCTAssertEqual(outcome { _ in Maybe.just(2).filter { $0 > 5 } }, [.completed(200)])
        XCTAssertEqual(outcome { _ in Maybe.just(2).compactMap { "\($0)" } }, [.next(200, "2"), .completed(200)])
        XCTAssertEqual(outcome { _ in Maybe.just(2).flatMap { Maybe.just($0 * 10) } }, [.next(200, 20), .completed(200)])
        XCTAssertEqual(outcome { _ in Maybe<Int>.empty().ifEmpty(default: 7) }, [.next(200, 7), .completed(200)])
        XCTAssertEqual(outcome { _ in Maybe<Int>.empty().ifEmpty(switchTo: Maybe.just(8)) }, [.next(200, 8), .completed(200)])
        XCTAssertEqual(outcome { _ in Maybe<Int>.empty().ifEmpty(switchTo: Single.just(9)) }, [.next(200, 9), .completed(200)])
        XCTAssertEqual(outcome { _ in Maybe<Int>.error(testError).catchAndReturn(1) }, [.next(200, 1), .completed(200)])
    }

    func testZip() {
        XCTAssertEqual(outcome { s in
            Maybe.zip(s.createColdObservable([.next(50, 1), .completed(50)]).asMaybe(), Maybe.just(2)) { $0 + $1 }
        }, [.next(250, 3), .completed(250)])
        XCTAssertEqual(outcome { _ in Maybe.zip(Maybe.just(1), Maybe<Int>.empty()) { $0 + $1 } }, [.completed(200)])
        XCTAssertEqual(outcome { _ in Maybe.zip([Maybe.just(1), Maybe.just(2)]) }, [.next(200, [1, 2]), .completed(200)])
    }

    func testDoAndSubscribeWithObject() {
        final class Owner {}
        let owner = Owner()
        var log: [String] = []
        _ = Maybe<Int>.empty().do(onCompleted: { log.append("do completed") }).subscribe(with: owner, onSuccess: { _, _ in log.append("success") }, onCompleted: { _ in log.append("completed") })
        _ = Maybe.just(1).do(onNext: { log.append("do \($0)") }).subscribe(with: owner, onSuccess: { _, value in log.append("success \(value)") }, onCompleted: { _ in log.append("unexpected") })
        XCTAssertEqual(log, ["do completed", "completed", "do 1", "success 1"])
    }

    func testAMaybeNeverEmitsAfterItsElement() {
        var events: [String] = []
        _ = Maybe<Int>.create { maybe in
            maybe(.success(1))
            maybe(.success(2))
            maybe(.completed)
            maybe(.error(testError))
            return Disposables.create()
        }.subscribe { event in
            switch event {
            case .success(let value): events.append("success \(value)")
            case .completed: events.append("completed")
            case .error: events.append("error")
            }
        }
        XCTAssertEqual(events, ["success 1"])
    }
}

final class CompletableOperatorsTests: RxTestCase {
    private func completion(_ scheduler: TestScheduler, at time: TestTime) -> Completable {
        scheduler.createColdObservable([.completed(time)] as [Recorded<Event<Never>>]).asCompletable()
    }

    func testAndThenLetsGoOfTheFirstCompletableOnceItCompleted() {
        final class Captured {}
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Never>>])
        var captured: Captured? = Captured()
        weak let watched = captured
        let subscription = first.asCompletable()
            .do(onCompleted: { [captured] in _ = captured })
            .andThen(Observable<Int>.never())
            .subscribe()
        captured = nil
        XCTAssertNotNil(watched, "held while the first Completable runs")
        scheduler.advanceTo(300)
        XCTAssertNil(watched, "released once it completed")
        subscription.dispose()
    }

    func testAndThenEveryCombination() {
        XCTAssertEqual(outcome { s in self.completion(s, at: 10).andThen(Single.just(1)) }, [.next(210, 1), .completed(210)])
        XCTAssertEqual(outcome { s in self.completion(s, at: 10).andThen(Maybe<Int>.empty()) }, [.completed(210)])
        XCTAssertEqual(outcome { s in self.completion(s, at: 10).andThen(Completable.empty()) }, [.completed(210)])
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(scheduler.start { self.completion(scheduler, at: 10).andThen(Observable.of(1, 2)) }.events, [.next(210, 1), .next(210, 2), .completed(210)])
        XCTAssertEqual(outcome { _ in Completable.error(testError).andThen(Single.just(1)) }, [.error(200, testError)])
    }

    func testInstanceConcatRunsTheSecondAfterTheFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.completed(10)] as [Recorded<Event<Never>>])
        let b = scheduler.createColdObservable([.completed(20)] as [Recorded<Event<Never>>])
        let res = scheduler.start { a.asCompletable().concat(b.asCompletable()).asObservable() }
        XCTAssertEqual(res.events, [.completed(230)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(b.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(outcome { _ in Completable.error(testError).concat(.empty()) }, [.error(200, testError)])
    }

    func testConcatRunsInOrderAndMergeAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.completed(10)] as [Recorded<Event<Never>>])
        let b = scheduler.createColdObservable([.completed(20)] as [Recorded<Event<Never>>])
        let res = scheduler.start { Completable.concat(a.asCompletable(), b.asCompletable()).asObservable() }
        XCTAssertEqual(res.events, [.completed(230)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(b.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(outcome { s in Completable.merge(self.completion(s, at: 10), self.completion(s, at: 20)) }, [.completed(220)])
        XCTAssertEqual(outcome { s in Completable.zip([self.completion(s, at: 10), Completable.error(testError)]) }, [.error(200, testError)])
    }

    func testDoAndSubscribeWithObject() {
        final class Owner {}
        let owner = Owner()
        var log: [String] = []
        _ = Completable.empty().do(onCompleted: { log.append("do") }, afterCompleted: { log.append("after") }).subscribe(with: owner, onCompleted: { _ in log.append("completed") })
        _ = Completable.error(testError).subscribe(with: owner, onError: { _, _ in log.append("error") })
        XCTAssertEqual(log, ["do", "completed", "after", "error"])
    }
}
