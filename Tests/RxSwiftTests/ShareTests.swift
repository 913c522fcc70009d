import RxSwift
import TestSupport
import RxTest
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
        scheduler.scheduleAt(300) { connection?.dispose(); subscription?.dispose() }
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
        let doubled = source.multicast({ PublishSubject<Int>() }, selector: { shared in Observable.zip(shared, shared.map { $0 * 10 }) { $0 + $1 } })
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
}

final class RefCountTests: RxTestCase {
    func testSubscribingFromOnCompletedStartsANewConnection() {
        let source = PublishSubject<Int>()
        let shared = source.share()
        var log: [String] = []
        let bag = DisposeBag()
        shared.subscribe(onNext: { log.append("first \($0)") }, onCompleted: {
            log.append("first completed")
            shared.subscribe(onCompleted: { log.append("second completed") }).disposed(by: bag)
        }).disposed(by: bag)
        source.onNext(1)
        source.onCompleted()
        XCTAssertEqual(log, ["first 1", "first completed", "second completed"])
    }

    func testLateSubscriberAfterTerminationResubscribesTheSource() {
        for replay in [0, 1] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let shared = xs.share(replay: replay)
            let late = scheduler.createObserver(Int.self)
            var subscription: Disposable?
            scheduler.scheduleAt(250) { subscription = shared.subscribe(late) }
            let res = scheduler.start { shared }
            subscription?.dispose()
            XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
            XCTAssertEqual(late.events, [.next(260, 1), .completed(270)])
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(250, 270)])
        }
    }

    func testForeverScopeSubscribesATerminatedSourceOnce() {
        var subscriptions = 0
        let failing = Observable<Int>.create { observer in
            subscriptions += 1
            observer.onError(testError)
            return Disposables.create()
        }.share(replay: 1, scope: .forever)
        var errors = 0
        for _ in 0..<3 { _ = failing.subscribe(onError: { _ in errors += 1 }) }
        XCTAssertEqual(subscriptions, 1)
        XCTAssertEqual(errors, 3)
    }

    func testDoesNotConnectToASubjectThatAlreadyTerminated() {
        let subject = PublishSubject<Int>()
        subject.onCompleted()
        var subscriptions = 0
        var completed = false
        let source = Observable<Int>.create { _ in
            subscriptions += 1
            return Disposables.create()
        }
        _ = source.multicast(subject).refCount().subscribe(onCompleted: { completed = true })
        XCTAssertEqual(subscriptions, 0)
        XCTAssertTrue(completed)
    }

    func testConnectsOnFirstAndDisconnectsOnLast() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3)])
        let shared = xs.publish().refCount()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(first)) }
        scheduler.scheduleAt(220) { subscriptions.append(shared.subscribe(second)) }
        scheduler.scheduleAt(240) { subscriptions[0].dispose() }
        scheduler.scheduleAt(260) { subscriptions[1].dispose() }
        scheduler.scheduleAt(270) { subscriptions.append(shared.subscribe(first)) }
        scheduler.scheduleAt(280) { subscriptions[2].dispose() }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .next(230, 2)])
        XCTAssertEqual(second.events, [.next(230, 2), .next(250, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260), Subscription(270, 280)])
    }
}

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
        XCTAssertEqual(late.events, [.next(225, 2)], "after disconnecting, the next subscriber starts afresh without the old replay")
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
}

final class ReconnectionTests: RxTestCase {
    func testWhileConnectedShareResubscribesAfterCompletion() {
        var subscriptions = 0
        let source = Observable<Int>.deferred {
            subscriptions += 1
            return .just(subscriptions)
        }
        let shared = source.share(replay: 1)
        XCTAssertEqual(collect(shared), [.next(1), .completed])
        XCTAssertEqual(collect(shared), [.next(2), .completed], "a completed whileConnected share starts afresh")
        let forever = source.share(replay: 1, scope: .forever)
        XCTAssertEqual(collect(forever), [.next(3), .completed])
        XCTAssertEqual(collect(forever).first, .next(3), "forever keeps the completed subject's replay")
    }

    func testMulticastWithFactoryMakesANewSubjectPerConnection() {
        var made = 0
        let connectable = Observable.of(1, 2).multicast(makeSubject: { () -> ReplaySubject<Int> in
            made += 1
            return ReplaySubject.createUnbounded()
        })
        var first: [Int] = []
        _ = connectable.subscribe(onNext: { first.append($0) })
        _ = connectable.connect()
        var second: [Int] = []
        _ = connectable.subscribe(onNext: { second.append($0) })
        _ = connectable.connect()
        XCTAssertEqual(first, [1, 2])
        XCTAssertEqual(second, [1, 2])
        XCTAssertEqual(made, 2)
    }
}
