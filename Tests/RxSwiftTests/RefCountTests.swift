import RxSwift
import RxTest
import TestSupport
import XCTest

final class RefCountTests: RxTestCase {
    func testSubscribingFromOnCompletedStartsANewConnection() {
        let source = PublishSubject<Int>()
        let shared = source.share()
        var log: [String] = []
        let bag = DisposeBag()
        shared.subscribe(
            onNext: { log.append("first \($0)") },
            onCompleted: {
                log.append("first completed")
                shared.subscribe(onCompleted: { log.append("second completed") }).disposed(by: bag)
            }
        ).disposed(by: bag)
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

    /// refCount disposes its connection without holding its own lock: the source's `onDispose`
    /// may subscribe to the same shared sequence again, which connects it anew.
    func testTheSourcesDisposalMaySubscribeAgain() {
        final class State: @unchecked Sendable {
            // @unchecked Sendable: used by one thread at a time (the test's, then the helper's).
            var shared: Observable<Int>?
            var again: Disposable?
        }
        let state = State()
        let subject = PublishSubject<Int>()
        state.shared = subject.do(onDispose: {
            if state.again == nil { state.again = state.shared?.subscribe() }
        }).publish().refCount()
        let returned = returnsInTime {
            let first = state.shared?.subscribe()
            first?.dispose()
        }
        XCTAssertTrue(returned, "refCount deadlocked when the source's onDispose subscribed again")
        XCTAssertTrue(subject.hasObservers, "the second subscription connects again")
        state.again?.dispose()
        XCTAssertFalse(subject.hasObservers)
        state.shared = nil // the test's own cycle: state, the sequence, its onDispose closure
    }

    /// No lock is held while `refCount` calls out: the last subscriber leaving from inside a
    /// delivery disconnects, and a subscriber arriving from inside a delivery joins.
    func testSubscribersArrivingAndLeavingFromInsideDeliveries() {
        let subject = PublishSubject<Int>()
        var connections = 0
        let shared = subject.do(onSubscribed: { connections += 1 }).publish().refCount()
        var log: [String] = []
        var second: Disposable?
        var first: Disposable?
        first = shared.subscribe(onNext: { value in
            log.append("first \(value)")
            if value == 1 { second = shared.subscribe(onNext: { log.append("second \($0)") }) }
            if value == 2 {
                first?.dispose()
                first = nil
            }
        })
        for value in 1...3 { subject.onNext(value) }
        second?.dispose()
        XCTAssertEqual(log, ["first 1", "first 2", "second 2", "second 3"])
        XCTAssertEqual(connections, 1)
        XCTAssertFalse(subject.hasObservers, "both left: disconnected")
    }

    /// `refCount()` of `publish()` with one subscriber: connected from its subscription until it ends.
    func testScenarios() {
        assertScenarios(Scenario.unchanged) { source in source.publish().refCount() }
    }

    // A connection disposed from outside goes unnoticed by `refCount()`, as in RxSwift 6.10 (whose
    // output, recorded outside the repository, each test below expects): only a terminated
    // connection resets its count.

    /// A subscriber was counted when the outside connection ended: a later one does not connect.
    func testAConnectionDisposedFromOutsideLeavesTheCountAsItWas() {
        let scheduler = TestScheduler(initialClock: 0)
        let hot = scheduler.createHotObservable([.next(280, 1), .next(320, 2)])
        let connectable = hot.publish()
        let shared = connectable.refCount()
        let first = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var connection: Disposable?
        let bag = DisposeBag()
        scheduler.scheduleAt(150) { connection = connectable.connect() }
        scheduler.scheduleAt(200) { shared.subscribe(first).disposed(by: bag) }
        scheduler.scheduleAt(250) { connection?.dispose() }
        scheduler.scheduleAt(260) { shared.subscribe(late).disposed(by: bag) }
        scheduler.start()
        XCTAssertEqual(first.events, [])
        XCTAssertEqual(late.events, [])
        XCTAssertEqual(hot.subscriptions, [Subscription(150, 250)])
    }

    /// The same when `refCount()` made the connection that `connect()` then returned.
    func testItsOwnConnectionDisposedFromOutsideLeavesTheCountAsItWas() {
        let scheduler = TestScheduler(initialClock: 0)
        let hot = scheduler.createHotObservable([.next(280, 1), .next(320, 2)])
        let connectable = hot.publish()
        let shared = connectable.refCount()
        let late = scheduler.createObserver(Int.self)
        var connection: Disposable?
        let bag = DisposeBag()
        scheduler.scheduleAt(200) { shared.subscribe(onNext: { _ in }).disposed(by: bag) }
        scheduler.scheduleAt(210) { connection = connectable.connect() }
        scheduler.scheduleAt(250) { connection?.dispose() }
        scheduler.scheduleAt(260) { shared.subscribe(late).disposed(by: bag) }
        scheduler.start()
        XCTAssertEqual(late.events, [])
        XCTAssertEqual(hot.subscriptions, [Subscription(200, 250)])
    }

    /// A connection made from outside after another was disposed from outside is not `refCount()`'s:
    /// its subscribers leaving do not dispose it.
    func testDoesNotDisposeAConnectionItDidNotMake() {
        let scheduler = TestScheduler(initialClock: 0)
        let hot = scheduler.createHotObservable([.next(300, 7)])
        let connectable = hot.multicast(BehaviorSubject(value: -5))
        let shared = connectable.refCount()
        let main = scheduler.createObserver(Int.self)
        let other = scheduler.createObserver(Int.self)
        var connection: Disposable?
        var mainSubscription: Disposable?
        var otherSubscription: Disposable?
        scheduler.scheduleAt(150) { connection = connectable.connect() }
        scheduler.scheduleAt(200) { mainSubscription = shared.subscribe(main) }
        scheduler.scheduleAt(230) { connection?.dispose() }
        scheduler.scheduleAt(240) { connection = connectable.connect() }
        scheduler.scheduleAt(260) { otherSubscription = shared.subscribe(other) }
        scheduler.scheduleAt(265) { otherSubscription?.dispose() }
        scheduler.scheduleAt(900) { mainSubscription?.dispose() }
        scheduler.scheduleAt(950) { connection?.dispose() }
        scheduler.start()
        XCTAssertEqual(main.events, [.next(200, -5), .next(300, 7)])
        XCTAssertEqual(other.events, [.next(260, -5)])
        XCTAssertEqual(hot.subscriptions, [Subscription(150, 230), Subscription(240, 950)])
    }

    /// A connection made from outside that terminates while `refCount()`'s subscribers are on an
    /// earlier subject (the one of a connection disposed from outside) does not end their count:
    /// a later subscriber does not connect (RxSwift 6.10, recorded outside the repository).
    func testATerminatedConnectionOnAnotherSubjectLeavesTheCountAsItWas() {
        let scheduler = TestScheduler(initialClock: 0)
        let hot = scheduler.createHotObservable([.next(217, 0), .next(239, 1), .next(245, 2), .completed(346)])
        let connectable = hot.publish()
        let shared = connectable.refCount()
        let first = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var connections: [Disposable] = []
        let bag = DisposeBag()
        scheduler.scheduleAt(208) { shared.subscribe(first).disposed(by: bag) }
        scheduler.scheduleAt(213) { connections.append(connectable.connect()) }
        scheduler.scheduleAt(275) { shared.subscribe(onNext: { _ in }).disposed(by: bag) }
        scheduler.scheduleAt(277) { connections.last?.dispose() }
        scheduler.scheduleAt(278) { connections.append(connectable.connect()) }
        scheduler.scheduleAt(352) { shared.subscribe(late).disposed(by: bag) }
        scheduler.scheduleAt(401) { connections.append(connectable.connect()) }
        scheduler.scheduleAt(950) { connections.forEach { $0.dispose() } }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(217, 0), .next(239, 1), .next(245, 2)])
        XCTAssertEqual(late.events, [])
        XCTAssertEqual(hot.subscriptions, [Subscription(208, 277), Subscription(278, 346), Subscription(401, 950)])
    }

    /// A subscriber whose subject terminates ends the count, as RxSwift's sink does on the
    /// terminal event, even when that subject belongs to a connection disposed from outside and
    /// later subscribers joined a newer one: the next subscriber connects again. For an observer
    /// that disposes on the terminal event (`subscribe(onNext:)`: the count ends as it leaves)
    /// and for one that does not (an `AnyObserver`: the count ends when the next subscriber
    /// joins and finds the earlier subject terminated). RxSwift 6.10 prints the same log for
    /// both, recorded outside the repository.
    func testASubscriberWhoseSubjectTerminatedEndsTheCountEvenOnAnEarlierSubject() {
        for disposesOnTerminal in [true, false] {
            var log: [String] = []
            var subjects: [PublishSubject<Int>] = []
            let source = Observable<Int>.create { _ in
                log.append("connect")
                return Disposables.create { log.append("disconnect") }
            }
            let connectable = source.multicast(makeSubject: {
                let made = PublishSubject<Int>()
                subjects.append(made)
                return made
            })
            let shared = connectable.refCount()
            let first =
                disposesOnTerminal
                ? shared.subscribe(onNext: { log.append("a \($0)") }, onCompleted: { log.append("a completed") })
                : shared.subscribe(AnyObserver { log.append("a \($0)") })
            connectable.connect().dispose()
            let second = shared.subscribe(onNext: { log.append("b \($0)") })
            XCTAssertEqual(subjects.count, 2, "the second subscriber is on the new connection's subject")
            subjects[0].onCompleted()
            let third = shared.subscribe(onNext: { log.append("c \($0)") })
            subjects[1].onNext(7)
            first.dispose()
            second.dispose()
            third.dispose()
            XCTAssertEqual(
                log, ["connect", "disconnect", "a completed", "connect", "b 7", "c 7", "disconnect"],
                disposesOnTerminal ? "an observer that disposes on its terminal event" : "an AnyObserver")
        }
    }
}
