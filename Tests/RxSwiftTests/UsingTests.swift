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

    func testFactoryErrorDisposesResource() {
        let resource = BooleanDisposable()
        let source = Observable<Int>.using({ resource }, observableFactory: { _ in throw testError })
        XCTAssertEqual(collect(source), [.error(testError)])
        XCTAssertTrue(resource.isDisposed)
    }
}
