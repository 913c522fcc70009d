import TestSupport
import XCTest

@testable import RxSwift

/// Where the thread's stack runs low (a chain nesting thousands deep, `Tests/DeepChains`), a
/// subscription and a delivery wait on the thread's trampoline for the stack to unwind. Here
/// the stack is made to look low everywhere inside a trampoline action
/// (`runWithTheStackLowForTesting`), so that what waits can be watched at any depth.
final class DeferredSubscriptionTests: RxTestCase {
    private final class Log: @unchecked Sendable {
        // @unchecked Sendable: used on the test's thread only.
        var entries: [String] = []
    }

    private func source(_ log: Log, _ values: [Int]) -> Observable<Int> {
        Observable.create { observer in
            log.entries.append("subscribed")
            for value in values { observer.onNext(value) }
            observer.onCompleted()
            return Disposables.create { log.entries.append("disposed") }
        }
    }

    func testASubscriptionAskedForWhereTheStackIsLowIsMadeOnceItHasUnwound() {
        let log = Log()
        CurrentThreadScheduler.runWithTheStackLowForTesting {
            _ = source(log, [1, 2]).map { $0 * 10 }.subscribe(
                onNext: { log.entries.append("next \($0)") }, onCompleted: { log.entries.append("completed") })
            log.entries.append("subscribe returned")
        }
        XCTAssertEqual(
            log.entries, ["subscribe returned", "subscribed", "next 10", "next 20", "completed", "disposed"])
    }

    func testASubscriptionDisposedBeforeItIsMadeIsNeverMade() {
        let log = Log()
        CurrentThreadScheduler.runWithTheStackLowForTesting {
            let subscription = source(log, [1]).subscribe(onNext: { log.entries.append("next \($0)") })
            subscription.dispose()
            log.entries.append("disposed first")
        }
        XCTAssertEqual(log.entries, ["disposed first"])
    }

    func testDeliveriesThatWaitForTheStackKeepTheirOrder() {
        let log = Log()
        let subject = PublishSubject<Int>()
        let subscription = subject.flatMap { Observable.just($0).map { $0 + 100 } }.subscribe(
            onNext: { log.entries.append("next \($0)") }, onCompleted: { log.entries.append("completed") })
        CurrentThreadScheduler.runWithTheStackLowForTesting {
            subject.onNext(1)
            subject.onNext(2)
            subject.onCompleted()
            log.entries.append("sent")
        }
        XCTAssertEqual(log.entries, ["sent", "next 101", "next 102", "completed"])
        subscription.dispose()
    }

    func testAnElementThatWaitsForTheStackComesBeforeTheNextOne() {
        let log = Log()
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        let subscription = outer.flatMap { _ in inner }.subscribe(onNext: { log.entries.append("next \($0)") })
        outer.onNext(0)
        CurrentThreadScheduler.runWithTheStackLowForTesting {
            inner.onNext(1)
            log.entries.append("sent 1")
        }
        inner.onNext(2)
        XCTAssertEqual(log.entries, ["sent 1", "next 1", "next 2"])
        subscription.dispose()
    }

    /// A thread whose stack is already low where its trampoline starts: what waited is made when
    /// its turn comes, one step at a time, instead of waiting again for ever.
    func testWhatWaitedIsMadeEvenWhereTheStackStaysLow() {
        let log = Log()
        let subject = PublishSubject<Int>()
        let merged = subject.flatMap { Observable.just($0).map { $0 + 100 } }.subscribe(
            onNext: { log.entries.append("merged \($0)") })
        CurrentThreadScheduler.runWithTheStackLowForTesting(evenWhileUnwinding: true) {
            _ = source(log, [1, 2]).map { $0 * 10 }.subscribe(
                onNext: { log.entries.append("next \($0)") }, onCompleted: { log.entries.append("completed") })
            subject.onNext(1)
            log.entries.append("body returned")
        }
        merged.dispose()
        XCTAssertEqual(
            log.entries,
            ["body returned", "subscribed", "next 10", "next 20", "completed", "disposed", "merged 101"])
    }

    /// A delivery found low where no trampoline runs (the last page of a recursive paging chain
    /// completing on a scheduler's thread) starts the trampoline there: what it asks for further
    /// down waits for the stack to unwind to it, and everything arrives, in order, before the
    /// call that sent it returns.
    func testWhereTheStackIsLowOutsideTheTrampolineItStartsThere() {
        let log = Log()
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        let subscription = outer.flatMap { _ in inner.flatMap { Observable.just($0).map { $0 + 100 } } }.subscribe(
            onNext: { log.entries.append("next \($0)") }, onCompleted: { log.entries.append("completed") })
        outer.onNext(0)
        outer.onCompleted()
        CurrentThreadScheduler.runWithTheStackLowOutsideTheTrampolineForTesting {
            inner.onNext(1)
            log.entries.append("sent 1")
            _ = source(log, [2, 3]).subscribe(onNext: { log.entries.append("next \($0)") })
            inner.onNext(4)
            inner.onCompleted()
            log.entries.append("sent")
        }
        XCTAssertEqual(
            log.entries,
            [
                "next 101", "sent 1", "subscribed", "next 2", "next 3", "disposed", "next 104", "completed", "sent",
            ])
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired, "the trampoline kept running")
        subscription.dispose()
    }

    func testNothingWaitsOutsideTheTrampoline() {
        let log = Log()
        _ = source(log, [1]).subscribe(onNext: { log.entries.append("next \($0)") })
        log.entries.append("subscribe returned")
        XCTAssertEqual(log.entries, ["subscribed", "next 1", "disposed", "subscribe returned"])
    }
}
