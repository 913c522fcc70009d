import RxSwift
import RxTest
import TestSupport
import XCTest

final class MulticastTests: RxTestCase {
    func testPublishStartsOnConnect() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
        let published = xs.publish()
        let observer = scheduler.createObserver(Int.self)
        var connection: Disposable?
        var subscription: Disposable?
        scheduler.scheduleAt(200) { subscription = published.subscribe(observer) }
        scheduler.scheduleAt(220) { connection = published.connect() }
        scheduler.scheduleAt(300) {
            connection?.dispose(); subscription?.dispose()
        }
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(230, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(220, 250)])
    }

    func testDisconnectAndReplay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
        let replayed = xs.replay(1)
        let late = scheduler.createObserver(Int.self)
        var connection: Disposable?
        var subscription: Disposable?
        scheduler.scheduleAt(200) { connection = replayed.connect() }
        scheduler.scheduleAt(225) { subscription = replayed.subscribe(late) }
        scheduler.scheduleAt(230) { connection?.dispose() }
        scheduler.scheduleAt(300) { subscription?.dispose() }
        scheduler.start()
        XCTAssertEqual(late.events, [.next(225, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testMulticastWithSelectorAndReplayAll() {
        let source = Observable.of(1, 2, 3)
        let doubled = source.multicast(
            { PublishSubject<Int>() },
            selector: { shared in Observable.zip(shared, shared.map { $0 * 10 }) { $0 + $1 } })
        XCTAssertEqual(collect(doubled), [.next(11), .next(22), .next(33), .completed])
        let all = source.replayAll()
        var early: [Event<Int>] = []
        let first = all.subscribe { early.append($0) }
        let connection = all.connect()
        XCTAssertEqual(early, [.next(1), .next(2), .next(3), .completed])
        // As in RxSwift, the connection ended with the source; a later subscriber gets the next
        // connection's subject, which has seen nothing yet.
        var late: [Event<Int>] = []
        let second = all.subscribe { late.append($0) }
        XCTAssertEqual(late, [])
        all.connect().dispose()
        XCTAssertEqual(late, [.next(1), .next(2), .next(3), .completed])
        for disposable in [first, second, connection] { disposable.dispose() }
    }

    func testReplayDoesNotFeedTheSubscribersOfAnEarlierConnection() {
        let source = PublishSubject<Int>()
        let replayed = source.replay(1)
        var seen: [Int] = []
        let subscription = replayed.subscribe(onNext: { seen.append($0) })
        let connection = replayed.connect()
        source.onNext(1)
        connection.dispose()
        let again = replayed.connect()
        source.onNext(2)
        XCTAssertEqual(seen, [1])
        again.dispose()
        subscription.dispose()
    }

    /// The order of a terminal event and the source's disposal, for each way of sharing: a
    /// connectable sequence disposes its source first, as RxSwift's does; `share` while connected
    /// forwards first, as RxSwift's `ShareWhileConnected` does. Errors follow the same order.
    func testConnectableSequencesDisposeTheirSourceBeforeTheTerminalEvent() {
        typealias Share = (Observable<Int>) -> Observable<Int>
        let cases: [(String, Share, [String])] = [
            ("publish().refCount()", { $0.publish().refCount() }, ["disposed", "completed"]),
            ("replay(1).refCount()", { $0.replay(1).refCount() }, ["disposed", "completed"]),
            (
                "multicast(makeSubject:).refCount()",
                { $0.multicast(makeSubject: { PublishSubject<Int>() }).refCount() }, ["disposed", "completed"]
            ),
            ("share(replay: 1, scope: .forever)", { $0.share(replay: 1, scope: .forever) }, ["disposed", "completed"]),
            ("share()", { $0.share() }, ["completed", "disposed"]),
            ("share(replay: 1)", { $0.share(replay: 1) }, ["completed", "disposed"]),
        ]
        for (name, share, expected) in cases {
            for ending in [Event<Int>.completed, .error(testError)] {
                var log: [String] = []
                let subject = PublishSubject<Int>()
                let shared = share(subject.do(onDispose: { log.append("disposed") }))
                let subscription = shared.subscribe(
                    onError: { _ in log.append("completed") }, onCompleted: { log.append("completed") })
                subject.on(ending)
                subscription.dispose()
                XCTAssertEqual(log, expected, "\(name), \(ending)")
            }
        }
        var log: [String] = []
        let subject = PublishSubject<Int>()
        let published = subject.do(onDispose: { log.append("disposed") }).publish()
        let subscription = published.subscribe(onCompleted: { log.append("completed") })
        let connection = published.connect()
        subject.onCompleted()
        XCTAssertEqual(log, ["disposed", "completed"], "publish().connect()")
        connection.dispose()
        subscription.dispose()
    }

    /// No lock is held while a connectable sequence calls out: its connection can be disposed,
    /// a new one made and a subscriber added from inside a delivery. As in RxSwift, each
    /// connection of `publish()` has a subject of its own: the first subscriber, subscribed to
    /// the first connection's, hears nothing more.
    func testDisconnectingReconnectingAndSubscribingFromInsideADelivery() {
        let subject = PublishSubject<Int>()
        let published = subject.publish()
        var connection: Disposable?
        var late: Disposable?
        var log: [String] = []
        let first = published.subscribe(onNext: { value in
            log.append("first \(value)")
            if value == 2 {
                connection?.dispose()
                connection = published.connect()
                late = published.subscribe(onNext: { log.append("late \($0)") })
            }
        })
        connection = published.connect()
        for value in 1...3 { subject.onNext(value) }
        XCTAssertEqual(log, ["first 1", "first 2", "late 3"])
        connection?.dispose()
        XCTAssertFalse(subject.hasObservers)
        first.dispose()
        late?.dispose()
    }

    /// `publish().refCount()` and `replay(1).refCount()` with one subscriber: the source's events, unchanged, and one connection for as long as it is subscribed.
    func testScenarios() {
        assertScenarios(Scenario.unchanged) { source in source.publish().refCount() }
        assertScenarios(Scenario.unchanged) { source in source.replay(1).refCount() }
    }
}
