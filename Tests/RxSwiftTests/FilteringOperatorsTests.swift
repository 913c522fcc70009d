import RxSwift
import TestSupport
import RxTest
import XCTest

final class EnumeratedTests: RxTestCase {
    func testIndexesArePerSubscription() {
        let source = Observable.of("a", "b").enumerated().map { "\($0.index)\($0.element)" }
        XCTAssertEqual(collect(source), [.next("0a"), .next("1b"), .completed])
        XCTAssertEqual(collect(source), [.next("0a"), .next("1b"), .completed])
    }
}

final class TakeWhileTests: RxTestCase {
    func testStopsAtFirstFailingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 1)])
        let res = scheduler.start { xs.take(while: { $0 < 3 }) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testInclusiveUntilAndErrors() {
        XCTAssertEqual(collect(Observable.of(1, 2, 3).take(while: { $0 < 2 }, behavior: .inclusive)), [.next(1), .next(2), .completed])
        XCTAssertEqual(collect(Observable.of(1, 2, 3).take(until: { $0 == 2 }, behavior: .inclusive)), [.next(1), .next(2), .completed])
        XCTAssertEqual(collect(Observable.of(1, 2, 3).take(until: { $0 == 2 })), [.next(1), .completed])
        XCTAssertEqual(collect(Observable.of(1).take(while: { _ in throw testError })), [.error(testError)])
        XCTAssertEqual(collect(Observable<Int>.error(testError).take(while: { _ in true })), [.error(testError)])
    }
}

final class SkipWhileTests: RxTestCase {
    func testSkipsUntilPredicateFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 3), .next(230, 1), .completed(240)])
        let res = scheduler.start { xs.skip(while: { $0 < 3 }) }
        XCTAssertEqual(res.events, [.next(220, 3), .next(230, 1), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(collect(Observable.of(1).skip(while: { _ in throw testError })), [.error(testError)])
    }
}

final class ElementAtTests: RxTestCase {
    func testEmitsElementAtIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .next(230, "c")])
        let res = scheduler.start { xs.element(at: 1) }
        XCTAssertEqual(res.events, [.next(220, "b"), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testOutOfRange() {
        XCTAssertEqual(collect(Observable.of(1).element(at: 3)), [.error(RxError.argumentOutOfRange)])
        XCTAssertEqual(collect(Observable.of(1).element(at: -1)), [.error(RxError.argumentOutOfRange)])
        XCTAssertEqual(collect(Observable<Int>.error(testError).element(at: 0)), [.error(testError)])
    }
}

final class IfEmptyTests: RxTestCase {
    func testDefaultAndSwitch() {
        XCTAssertEqual(collect(Observable<Int>.empty().ifEmpty(default: 9)), [.next(9), .completed])
        XCTAssertEqual(collect(Observable.of(1).ifEmpty(default: 9)), [.next(1), .completed])
        XCTAssertEqual(collect(Observable<Int>.empty().ifEmpty(switchTo: .of(7, 8))), [.next(7), .next(8), .completed])
        XCTAssertEqual(collect(Observable<Int>.error(testError).ifEmpty(default: 9)), [.error(testError)])
    }

    func testSwitchIsSubscribedOnlyWhenEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let ys = scheduler.createColdObservable([.next(10, 5), .completed(20)])
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        XCTAssertEqual(res.events, [.next(220, 5), .completed(230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(210, 230)])
    }
}

final class TakeLastTests: RxTestCase {
    func testEmitsLastElementsOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start { xs.takeLast(2) }
        XCTAssertEqual(res.events, [.next(240, 2), .next(240, 3), .completed(240)])
        XCTAssertEqual(collect(Observable.from(1...200).takeLast(3)), [.next(198), .next(199), .next(200), .completed])
        XCTAssertEqual(collect(Observable.of(1).takeLast(0)), [.completed])
        XCTAssertEqual(collect(Observable.of(1).takeLast(-1)), [.error(RxError.argumentOutOfRange)])
        XCTAssertEqual(collect(Observable<Int>.error(testError).takeLast(1)), [.error(testError)])
    }
}

final class WithUnretainedTests: RxTestCase {
    func testCompletesOnceObjectIsGone() {
        final class Owner {}
        let subject = PublishSubject<Int>()
        var owner: Owner? = Owner()
        var events: [Event<Int>] = []
        let subscription = subject.withUnretained(owner!).map { $0.1 }.subscribe { events.append($0) }
        subject.onNext(1)
        owner = nil
        subject.onNext(2)
        XCTAssertEqual(events, [.next(1), .completed])
        subscription.dispose()
    }
}

final class TakeUntilTests: RxTestCase {
    func testCompletesWhenOtherEmits() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
        let other = scheduler.createHotObservable([.next(230, "stop")])
        let res = scheduler.start { xs.take(until: other) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 230)])
    }

    func testOtherErrorAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(250)])
        let quiet = scheduler.createHotObservable([.completed(220)] as [Recorded<Event<String>>])
        let res = scheduler.start { xs.take(until: quiet) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2), .completed(250)])
        XCTAssertEqual(quiet.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(collect(Observable<Int>.never().take(until: Observable<Int>.error(testError))), [.error(testError)])
    }
}

final class SkipUntilTests: RxTestCase {
    func testEmitsAfterOtherEmits() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        let other = scheduler.createHotObservable([.next(220, "go")])
        let res = scheduler.start { xs.skip(until: other) }
        XCTAssertEqual(res.events, [.next(230, 2), .completed(240)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(collect(Observable<Int>.never().skip(until: Observable<Int>.error(testError))), [.error(testError)])
    }

    func testSourceCompletingBeforeTheTriggerEndsSilently() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let other = scheduler.createHotObservable([.next(250, "late")])
        let res = scheduler.start { xs.skip(until: other) }
        XCTAssertEqual(res.events, [], "RxSwift forwards the completion only after the trigger fired")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 230)])
    }

    func testSubscribesTheSourceBeforeTheTrigger() {
        // With the same hot sequence as source and trigger, the source hears each element first.
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(230, 5), .next(240, 6)])
        let res = scheduler.start { a.skip(until: a) }
        XCTAssertEqual(res.events, [.next(240, 6)])
    }
}

final class DeprecatedFilteringAliasesTests: RxTestCase {
    @available(*, deprecated, message: "exercises deprecated aliases on purpose")
    func testAliases() {
        XCTAssertEqual(collect(Observable.of(1, 2, 3).takeWhile { $0 < 2 }), [.next(1), .completed])
        XCTAssertEqual(collect(Observable.of(1, 2, 3).skipWhile { $0 < 2 }), [.next(2), .next(3), .completed])
        XCTAssertEqual(collect(Observable.of(1, 2, 3).elementAt(2)), [.next(3), .completed])
        XCTAssertEqual(collect(Observable.of(1).takeUntil(Observable<Int>.never())), [.next(1), .completed])
        XCTAssertEqual(collect(Observable.of(1).skipUntil(Observable.just(0))), [.next(1), .completed])
    }
}
