import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

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
        XCTAssertEqual(
            outcome { s in self.completion(s, at: 10).andThen(Single.just(1)) }, [.next(210, 1), .completed(210)])
        XCTAssertEqual(outcome { s in self.completion(s, at: 10).andThen(Maybe<Int>.empty()) }, [.completed(210)])
        XCTAssertEqual(outcome { s in self.completion(s, at: 10).andThen(Completable.empty()) }, [.completed(210)])
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(
            scheduler.start { self.completion(scheduler, at: 10).andThen(Observable.of(1, 2)) }.events,
            [.next(210, 1), .next(210, 2), .completed(210)])
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
        XCTAssertEqual(
            outcome { s in Completable.merge(self.completion(s, at: 10), self.completion(s, at: 20)) },
            [.completed(220)])
        XCTAssertEqual(
            outcome { s in Completable.zip([self.completion(s, at: 10), Completable.error(testError)]) },
            [.error(200, testError)])
    }

    func testDoAndSubscribeWithObject() {
        final class Owner {}
        let owner = Owner()
        var log: [String] = []
        _ = Completable.empty().do(onCompleted: { log.append("do") }, afterCompleted: { log.append("after") })
            .subscribe(with: owner, onCompleted: { _ in log.append("completed") })
        _ = Completable.error(testError).subscribe(with: owner, onError: { _, _ in log.append("error") })
        XCTAssertEqual(log, ["do", "completed", "after", "error"])
    }
}
