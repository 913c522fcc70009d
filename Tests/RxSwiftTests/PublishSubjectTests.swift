import RxSwift
import RxTest
import Synchronization
import TestSupport
import XCTest

final class PublishSubjectTests: RxTestCase {
    func testSubscribersSeeOnlyLaterEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(100) { subscriptions.append(subject.subscribe(early)) }
        scheduler.scheduleAt(110) { subject.onNext(1) }
        scheduler.scheduleAt(120) { subscriptions.append(subject.subscribe(late)) }
        scheduler.scheduleAt(130) { subject.onNext(2) }
        scheduler.scheduleAt(140) { subscriptions[0].dispose() }
        scheduler.scheduleAt(150) { subject.onNext(3) }
        scheduler.scheduleAt(160) { subject.onCompleted() }
        scheduler.scheduleAt(170) { subject.onNext(4) }
        scheduler.start()
        XCTAssertEqual(early.events, [.next(110, 1), .next(130, 2)])
        XCTAssertEqual(late.events, [.next(130, 2), .next(150, 3), .completed(160)])
    }

    func testSubscriberAfterTerminationGetsTerminalEvent() {
        let subject = PublishSubject<Int>()
        subject.onError(testError)
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }
        XCTAssertEqual(events, [.error(testError)])
        XCTAssertFalse(subject.hasObservers)
    }

    func testHasObserversAndDispose() {
        let subject = PublishSubject<Int>()
        XCTAssertFalse(subject.hasObservers)
        let subscription = subject.subscribe(onNext: { _ in })
        XCTAssertTrue(subject.hasObservers)
        subscription.dispose()
        XCTAssertFalse(subject.hasObservers)
        subject.dispose()
        XCTAssertTrue(subject.isDisposed)
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }
        XCTAssertEqual(events.count, 1)
        guard case .error(let error) = events.first, case RxError.disposed = error else {
            return XCTFail("expected RxError.disposed, got \(events)")
        }
    }

    func testEventSentFromASubscriberIsDeliveredAfterTheCurrentOne() {
        let subject = PublishSubject<Int>()
        var first: [Int] = []
        var second: [Int] = []
        let a = subject.subscribe(onNext: { value in
            first.append(value)
            if value == 1 { subject.onNext(2) }
        })
        let b = subject.subscribe(onNext: { second.append($0) })
        subject.onNext(1)
        XCTAssertEqual(first, [1, 2])
        XCTAssertEqual(second, [1, 2], "every subscriber sees the same order")
        a.dispose()
        b.dispose()
    }

    func testConcurrentSendersLoseAndDuplicateNothing() {
        let subject = PublishSubject<Int>()
        let received = LockedBox<[Int]>([])
        let busy = Atomic<Bool>(false)
        let overlaps = Atomic<Int>(0)
        let subscription = subject.subscribe(onNext: { value in
            if busy.exchange(true, ordering: .acquiring) { overlaps.wrappingAdd(1, ordering: .relaxed) }
            received.mutate { $0.append(value) }
            busy.store(false, ordering: .releasing)
        })
        runConcurrently(4) { thread in
            for index in 0..<5_000 { subject.onNext(thread * 10_000 + index) }
        }
        subscription.dispose()
        let values = received.value
        XCTAssertEqual(values.count, 20_000)
        XCTAssertEqual(Set(values).count, 20_000)
        XCTAssertEqual(overlaps.load(ordering: .relaxed), 0, "an observer received two events at once")
        for thread in 0..<4 {
            let own = values.filter { $0 / 10_000 == thread }
            XCTAssertEqual(own, own.sorted(), "each sender's order is kept")
        }
    }

    func testConcurrentSubscribeAndDisposeWhileSending() {
        let subject = PublishSubject<Int>()
        let stop = Atomic<Bool>(false)
        let delivered = Atomic<Int>(0)
        runConcurrently(3) { thread in
            if thread == 0 {
                for index in 0..<20_000 { subject.onNext(index) }
                stop.store(true, ordering: .releasing)
            } else {
                while !stop.load(ordering: .acquiring) {
                    let subscription = subject.subscribe(onNext: { _ in delivered.wrappingAdd(1, ordering: .relaxed) })
                    subscription.dispose()
                }
            }
        }
        XCTAssertFalse(subject.hasObservers)
    }

    func testASubscriberTakingTheFreedFirstPlaceIsNotifiedFirst() {
        // RxSwift's bag refills its first place first; users' tests pin this order.
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let a = subject.subscribe(onNext: { log.append("A\($0)") })
        let b = subject.subscribe(onNext: { log.append("B\($0)") })
        a.dispose()
        let c = subject.subscribe(onNext: { log.append("C\($0)") })
        let d = subject.subscribe(onNext: { log.append("D\($0)") })
        subject.onNext(1)
        XCTAssertEqual(log, ["C1", "B1", "D1"])
        for subscription in [b, c, d] { subscription.dispose() }
    }

    /// After completion the subject ignores `onNext`: neither its subscribers nor a later one
    /// (which gets the replay RxSwift gives it, then the completion) see the element.
    func testElementsAfterCompletionAreIgnored() {
        var seen: [String] = []
        let subject = PublishSubject<Int>()
        _ = subject.subscribe(onNext: { seen.append("a\($0)") }, onCompleted: { seen.append("a|") })
        subject.onNext(1)
        subject.onCompleted()
        subject.onNext(2)
        _ = subject.subscribe(onNext: { seen.append("b\($0)") }, onCompleted: { seen.append("b|") })
        XCTAssertEqual(seen, ["a1", "a|", "b|"])
    }

    // RxSwift quirks OpenRx does not copy (the migration guide's known differences).

    /// Any number of observers get each event in the order they subscribed. (RxSwift keeps more
    /// than 31 in a `Dictionary` and delivers them in its order.)
    func testManyObserversAreDeliveredInSubscriptionOrder() {
        let subject = PublishSubject<Int>()
        var order: [Int] = []
        let subscriptions = (0..<40).map { index in subject.subscribe(onNext: { _ in order.append(index) }) }
        subject.onNext(1)
        XCTAssertEqual(order, Array(0..<40))
        subscriptions.forEach { $0.dispose() }
    }

    /// An observer disposed by an earlier observer of the same event does not get it. (RxSwift
    /// delivers the event to every observer subscribed when it was sent.)
    func testAnObserverDisposedDuringADeliveryDoesNotGetIt() {
        let subject = PublishSubject<Int>()
        var second: Disposable?
        var seenBySecond: [Int] = []
        let first = subject.subscribe(onNext: { _ in second?.dispose() })
        second = subject.subscribe(onNext: { seenBySecond.append($0) })
        subject.onNext(1)
        XCTAssertEqual(seenBySecond, [])
        first.dispose()
    }

}
