import RxSwift
import RxTest
import TestSupport
import XCTest

final class DoTests: RxTestCase {
    func testCallbackOrder() {
        var log: [String] = []
        _ = Observable.of(1).do(
            onNext: { log.append("onNext \($0)") },
            afterNext: { log.append("afterNext \($0)") },
            onCompleted: { log.append("onCompleted") },
            afterCompleted: { log.append("afterCompleted") },
            onSubscribe: { log.append("onSubscribe") },
            onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") }
        )
        .subscribe(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") })
        XCTAssertEqual(
            log,
            [
                "onSubscribe", "onSubscribed", "onNext 1", "next 1", "afterNext 1", "onCompleted", "completed",
                "afterCompleted", "onDispose",
            ])
    }

    /// RxSwift's order around a terminal event, which its users' tests pin: the subscriber's
    /// `onDisposed` right after its `onCompleted`/`onError`, then `after…`, then `onDispose`, when
    /// `do` is the last operator; a later operator (`map`) disposes `do` when it has forwarded the
    /// event, so `onDispose` comes before `after…` there. A subject as the source (subscribed, not
    /// synchronous) and both terminal events.
    func testTerminalOrderAroundTheSubscriber() {
        for failing in [false, true] {
            func run(_ build: (Observable<Int>, @escaping (String) -> Void) -> Observable<Int>) -> [String] {
                var log: [String] = []
                let subject = PublishSubject<Int>()
                let logged = subject.do(
                    afterError: { _ in log.append("after") }, afterCompleted: { log.append("after") },
                    onDispose: { log.append("onDispose") })
                _ = build(logged) { log.append($0) }
                    .subscribe(
                        onError: { _ in log.append("end") }, onCompleted: { log.append("end") },
                        onDisposed: { log.append("onDisposed") })
                if failing { subject.onError(testError) } else { subject.onCompleted() }
                return log
            }
            XCTAssertEqual(run { source, _ in source }, ["end", "onDisposed", "after", "onDispose"], "\(failing)")
            XCTAssertEqual(
                run { source, _ in source.map { $0 } }, ["end", "onDisposed", "onDispose", "after"], "\(failing)")
        }
    }

    func testErrorCallbacksAndThrowingHandler() {
        var log: [String] = []
        let events = collect(
            Observable<Int>.error(testError).do(
                onError: { log.append("onError \($0)") }, afterError: { log.append("afterError \($0)") }))
        XCTAssertEqual(events, [.error(testError)])
        XCTAssertEqual(log, ["onError test", "afterError test"])
        XCTAssertEqual(
            collect(Observable.of(1, 2).do(onNext: { _ in throw TestError.other })), [.error(TestError.other)])
    }

    func testOnDisposeRunsAfterTheSourceIsDisposedWhenItTerminatesDuringSubscribe() {
        for failing in [false, true] {
            var log: [String] = []
            _ = Observable<Int>.create { observer in
                log.append("source subscribed")
                observer.onNext(0)
                if failing { observer.onError(testError) } else { observer.onCompleted() }
                return Disposables.create { log.append("source disposed") }
            }
            .do(
                onNext: { _ in log.append("next") }, onError: { _ in log.append("error") },
                onCompleted: { log.append("completed") },
                onSubscribe: { log.append("subscribe") }, onSubscribed: { log.append("subscribed") },
                onDispose: { log.append("dispose") }
            )
            .subscribe(onError: { _ in })
            XCTAssertEqual(
                log,
                [
                    "subscribe", "source subscribed", "next", failing ? "error" : "completed", "source disposed",
                    "subscribed", "dispose",
                ])
        }
    }

    func testSourceIsDisposedBeforeOnDisposeWhenItTerminatesAsynchronously() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        _ = scheduler.start {
            Observable<Int>.create { observer in
                scheduler.scheduleAt(300) {
                    observer.onNext(0)
                    observer.onCompleted()
                }
                return Disposables.create { log.append("source disposed") }
            }
            .do(
                onNext: { _ in log.append("next") }, onCompleted: { log.append("completed") },
                onDispose: { log.append("dispose") })
        }
        XCTAssertEqual(log, ["next", "completed", "source disposed", "dispose"])
    }

    func testOnDisposeRunsAfterTheSourceIsDisposedWhenItTerminatesLater() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        _ = subject.do(onDispose: { log.append("dispose") }).subscribe(onCompleted: { log.append("completed") })
        subject.onCompleted()
        XCTAssertFalse(subject.hasObservers)
        XCTAssertEqual(log, ["completed", "dispose"])
    }

    func testOnDisposeWhenDisposedAndSubscriptionLifetime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
        var disposedAt: Int?
        let res = scheduler.start(disposed: 230) { xs.do(onDispose: { disposedAt = scheduler.clock }) }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(disposedAt, 230)
    }

    /// `do` with every handler: the events pass unchanged; the handlers see each in order.
    func testScenarios() {
        assertScenarios(Scenario.unchanged) { source in
            source.do(onNext: { _ in }, onError: { _ in }, onCompleted: {}, onSubscribe: {}, onDispose: {})
        }
        var log: [String] = []
        _ = collect(
            Observable.of(1).do(
                onNext: { log.append("next \($0)") }, afterNext: { log.append("after next \($0)") },
                onCompleted: { log.append("completed") }, afterCompleted: { log.append("after completed") },
                onSubscribe: { log.append("subscribe") }, onSubscribed: { log.append("subscribed") },
                onDispose: { log.append("dispose") }))
        // `of` sends on the trampoline, after the subscription returned, as in RxSwift.
        XCTAssertEqual(
            log, ["subscribe", "subscribed", "next 1", "after next 1", "completed", "after completed", "dispose"])
    }

    /// An error thrown by `afterCompleted` or `afterError` comes after the end, which nothing can
    /// follow: it goes to `Hooks.defaultErrorHandler` (it was dropped).
    func testAnErrorThrownAfterTheEndGoesToTheDefaultErrorHandler() {
        let reported = LockedBox<[String]>([])
        let previous = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, error in reported.mutate { $0.append("\(error)") } }
        defer { Hooks.defaultErrorHandler = previous }
        XCTAssertEqual(
            collect(Observable.of(1).do(afterCompleted: { throw TestError.other })), [.next(1), .completed])
        XCTAssertEqual(
            collect(Observable<Int>.error(testError).do(afterError: { _ in throw TestError.other })),
            [.error(testError)])
        XCTAssertEqual(reported.value, ["other", "other"])
    }
}
