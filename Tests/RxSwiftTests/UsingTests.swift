import RxSwift
import RxTest
import TestSupport
import XCTest

final class UsingTests: RxTestCase {
    func testResourceLivesAsLongAsTheSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let resource = BooleanDisposable()
        var xs: TestableObservable<Int>!
        var aliveAt219 = false
        scheduler.scheduleAt(219) { aliveAt219 = !resource.isDisposed }
        let res = scheduler.start {
            Observable.using(
                { resource },
                observableFactory: { _ in
                    xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
                    return xs.asObservable()
                })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertTrue(aliveAt219)
        XCTAssertTrue(resource.isDisposed)
    }

    /// As in RxSwift: the subscription to the sequence goes first, then the resource it used,
    /// whether the sequence ends or the subscription is disposed.
    func testTheSubscriptionIsDisposedBeforeTheResource() {
        var log: [String] = []
        let endless = Observable<Int>.using(
            { LoggedResource { log.append("resource") } },
            observableFactory: { _ in Observable<Int>.never().do(onDispose: { log.append("subscription") }) })
        endless.subscribe().dispose()
        XCTAssertEqual(log, ["subscription", "resource"])

        log = []
        let finite = Observable<Int>.using(
            { LoggedResource { log.append("resource") } },
            observableFactory: { _ in Observable.of(1).do(onDispose: { log.append("subscription") }) })
        XCTAssertEqual(collect(finite), [.next(1), .completed])
        XCTAssertEqual(log, ["subscription", "resource"])
    }

    func testFactoryErrorDisposesResource() {
        let resource = BooleanDisposable()
        let source = Observable<Int>.using({ resource }, observableFactory: { _ in throw testError })
        XCTAssertEqual(collect(source), [.error(testError)])
        XCTAssertTrue(resource.isDisposed)
    }

    /// `using` a resource and the table's source: the source's events, unchanged.
    func testScenarios() {
        assertScenarios(Scenario.unchanged) { source in
            Observable.using({ BooleanDisposable() }, observableFactory: { _ in source })
        }
    }
}

/// A resource that says when it is disposed.
private final class LoggedResource: Disposable {
    private let onDispose: () -> Void

    init(_ onDispose: @escaping () -> Void) {
        self.onDispose = onDispose
    }

    func dispose() {
        onDispose()
    }
}
