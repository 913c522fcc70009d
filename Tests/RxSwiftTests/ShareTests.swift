import RxSwift
import RxTest
import TestSupport
import XCTest

final class ShareTests: RxTestCase {
    func testOneUpstreamSubscriptionAndReplayWhileConnected() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(100, 3)])
        let shared = xs.share(replay: 1)
        let first = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(first)) }
        scheduler.scheduleAt(225) { subscriptions.append(shared.subscribe(late)) }
        scheduler.scheduleAt(250) { subscriptions.forEach { $0.dispose() } }
        scheduler.scheduleAt(260) { subscriptions.append(shared.subscribe(late)) }
        scheduler.scheduleAt(265) { subscriptions[2].dispose() }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(
            late.events, [.next(225, 2)],
            "after disconnecting, the next subscriber starts afresh without the old replay")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250), Subscription(260, 265)])
    }

    func testForeverScopeKeepsReplayAcrossReconnections() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1, scope: .forever)
        let first = shared.subscribe(onNext: { _ in })
        subject.onNext(1)
        first.dispose()
        var seen: [Int] = []
        let second = shared.subscribe(onNext: { seen.append($0) })
        XCTAssertEqual(seen, [1])
        second.dispose()
    }

    func testShareWithoutReplayAndBadArgument() {
        var subscriptions = 0
        let source = Observable<Int>.create { observer in
            subscriptions += 1
            return Disposables.create()
        }
        let shared = source.share()
        let a = shared.subscribe()
        let b = shared.subscribe()
        XCTAssertEqual(subscriptions, 1)
        a.dispose()
        b.dispose()
        XCTAssertEqual(collect(Observable.just(1).share(replay: -1)), [.error(RxError.argumentOutOfRange)])
    }

    /// No lock is held while `share` calls out: a subscriber can subscribe to the same shared
    /// sequence, and dispose that subscription, from inside its own deliveries.
    func testSubscribingAndDisposingFromInsideADelivery() {
        for replay in [0, 1] {
            let subject = PublishSubject<Int>()
            let shared = subject.share(replay: replay)
            var log: [String] = []
            var inner: Disposable?
            let outer = shared.subscribe(onNext: { value in
                log.append("outer \(value)")
                if value == 1 { inner = shared.subscribe(onNext: { log.append("inner \($0)") }) }
                if value == 2 { inner?.dispose() }
            })
            for value in 1...3 { subject.onNext(value) }
            let replayed = replay == 1 ? ["inner 1"] : []
            XCTAssertEqual(log, ["outer 1"] + replayed + ["outer 2", "outer 3"], "replay \(replay)")
            outer.dispose()
            XCTAssertFalse(subject.hasObservers, "the last subscriber left: disconnected")
        }
    }

    /// `share(replay:)` with one subscriber: the source's events, unchanged.
    func testScenarios() {
        assertScenarios(Scenario.unchanged) { source in source.share(replay: 1) }
        assertScenarios(Scenario.unchanged) { source in source.share() }
    }
}
