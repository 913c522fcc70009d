import RxTest
import TestSupport
import XCTest

@testable import RxSwift

/// `filter(p).map(f)` is one stage (`FilterMapObservable`): what its subscribers see is what the
/// two operators give.
final class FilterMapTests: RxTestCase {
    func testKeepsMatchingElementsAndTransformsThem() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
        let res = scheduler.start { xs.filter { $0 % 2 == 0 }.map { "\($0 * 10)" } }
        XCTAssertEqual(res.events, [.next(220, "20"), .next(240, "40"), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAPredicateThatThrowsFailsWithoutCallingTheTransform() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        var transformed: [Int] = []
        let res = scheduler.start {
            xs.filter { value in
                if value == 2 { throw testError }
                return true
            }.map { value -> Int in
                transformed.append(value)
                return value
            }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, testError)])
        XCTAssertEqual(transformed, [1])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testATransformThatThrowsFailsAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4)])
        let res = scheduler.start {
            xs.filter { $0 > 1 }.map { value -> Int in
                if value == 3 { throw testError }
                return value
            }
        }
        XCTAssertEqual(res.events, [.next(220, 2), .error(230, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDisposalStopsElementsAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(1_010, 1), .next(1_030, 2)])
        let res = scheduler.start(created: 1_000, subscribed: 1_001, disposed: 1_020) {
            xs.filter { _ in true }.map { $0 + 1 }
        }
        XCTAssertEqual(res.events, [.next(1_010, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(1_001, 1_020)])
    }

    func testTheSourcesErrorIsForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, testError)])
        let res = scheduler.start { xs.filter { $0 > 1 }.map { $0 * 3 } }
        XCTAssertEqual(res.events, [.next(210, 6), .error(220, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    /// As with two stages, a predicate that disposes the subscription keeps the transform from
    /// running and the element from arriving.
    func testAPredicateThatDisposesTheSubscriptionStopsTheElement() {
        let subject = PublishSubject<Int>()
        var subscription: Disposable?
        var transformed: [Int] = []
        var received: [Int] = []
        subscription = subject.filter { value in
            if value == 2 { subscription?.dispose() }
            return true
        }.map { value -> Int in
            transformed.append(value)
            return value
        }.subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        XCTAssertEqual(transformed, [1])
        XCTAssertEqual(received, [1])
        XCTAssertFalse(subject.hasObservers)
    }

    /// The closures run in chain order, once each per element, maps after the pair included, and
    /// a filtered sequence mapped in two ways gives two independent chains.
    func testClosuresRunInOrderAndBranchesStayIndependent() {
        let subject = PublishSubject<Int>()
        var calls: [String] = []
        let filtered = subject.filter { value in
            calls.append("filter \(value)")
            return value != 2
        }
        let left = filtered.map { value -> Int in
            calls.append("left")
            return value * 10
        }.map { value -> String in
            calls.append("left 2")
            return "\(value)"
        }
        let right = filtered.map { value -> Int in
            calls.append("right")
            return -value
        }
        var received: [String] = []
        let subscriptions = [
            left.subscribe(onNext: { received.append($0) }),
            right.subscribe(onNext: { received.append("\($0)") }),
        ]
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(calls, ["filter 1", "left", "left 2", "filter 1", "right", "filter 2", "filter 2"])
        XCTAssertEqual(received, ["10", "-1"])
        subscriptions.forEach { $0.dispose() }
        XCTAssertFalse(subject.hasObservers)
    }

    /// Maps after the pair are not composed into it (each would nest one call deeper): 100,000
    /// maps of one type after a filter deliver without overflowing the stack.
    func testALongChainOfMapsAfterAFilterDoesNotOverflowTheStack() {
        let subject = PublishSubject<Int>()
        var chain = subject.filter { $0 >= 0 }
        for _ in 0..<100_000 { chain = chain.map { $0 + 1 } }
        var received: [Int] = []
        let subscription = chain.subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subject.onNext(-1)
        subscription.dispose()
        XCTAssertEqual(received, [100_001])
        XCTAssertFalse(subject.hasObservers)
    }

    /// One stage: a traced `filter { }.map { }` records one `filter.map` stage, not two.
    func testTheFilterAndTheMapAreOneStage() {
        RxTrace.reset()
        let subject = PublishSubject<Int>()
        let subscription = subject.filter { $0 > 0 }.map { $0 * 2 }.trace("pair").subscribe()
        XCTAssertEqual(RxTrace.liveSubscriptions().map(\.kind), ["trace", "filter.map", "subject"])
        subscription.dispose()
        RxTrace.reset()
    }

    /// `filter { $0 != 2 }.map { $0 * 10 }`.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(210, 10), .next(230, 30), .completed(240)]),
                .empty([.completed(210)]),
                .error([.next(210, 10), .error(220, testError)]),
                .disposedMidStream([.next(210, 10)]),
            ]
        ) { source in source.filter { $0 != 2 }.map { $0 * 10 } }
        XCTAssertEqual(
            collect(Observable.of(1, 2, 3).filter { $0 != 2 }.map { $0 * 10 }), [.next(10), .next(30), .completed])
        let reentrant = reentrantDeliveries(of: [1, 2, 3]) { $0.filter { $0 != 2 }.map { $0 * 10 } }
        XCTAssertEqual(reentrant.events, [.next(10), .next(30), .completed])
        XCTAssertFalse(reentrant.overlapped)
    }

    /// Built in main-actor code on a source that delivers on main, the fused stage knows its
    /// elements arrive on main: a main-actor closure after it adds no second hop to main (no
    /// `MainActorDeliveryObservable` stage between them). The only other check of this counts the
    /// hops of a `map` then a `filter`, which are not fused.
    @MainActor
    func testAMainActorClosureAfterTheFusedStageAddsNoHop() {
        let onMain = PublishSubject<Int>().observe(on: MainScheduler.instance)
        let fused = onMain.filter { $0 > 0 }.map { $0 * 2 }
        XCTAssertTrue(fused is FilterMapObservable<Int, Int>)
        XCTAssertTrue((fused as? ActorDelivering)?.deliveryActor.map(Isolation.isMain) == true)
        let after = fused.map { $0 + 1 }
        XCTAssertTrue(
            (after as? MapObservable<Int, Int>)?.source is FilterMapObservable<Int, Int>,
            "a hop to main was added after the fused stage: \(type(of: after))")
    }
}
