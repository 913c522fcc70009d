import RxSwift
import RxTest
import TestSupport
import XCTest

final class CreateTests: RxTestCase {
    func testEventsAfterTerminationAreIgnoredAndDisposableRuns() {
        var disposed = 0
        var events: [Event<Int>] = []
        let subscription = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            return Disposables.create { disposed += 1 }
        }
        .subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(1), .completed])
        XCTAssertEqual(disposed, 1, "the subscribe function's disposable is disposed when the sequence terminates")
        subscription.dispose()
        XCTAssertEqual(disposed, 1)
    }

    func testDisposalStopsDeliveryAndRunsDisposable() {
        var observerRef: AnyObserver<Int>?
        var disposed = false
        var events: [Event<Int>] = []
        let subscription = Observable<Int>.create { observer in
            observerRef = observer
            return Disposables.create { disposed = true }
        }
        .subscribe { events.append($0) }
        observerRef?.onNext(1)
        subscription.dispose()
        observerRef?.onNext(2)
        observerRef = nil
        XCTAssertEqual(events, [.next(1)])
        XCTAssertTrue(disposed)
    }

    func testOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable<Int>.create { observer in
                scheduler.scheduleAt(210) { observer.onNext(1) }
                scheduler.scheduleAt(220) { observer.onError(testError) }
                return Disposables.create()
            }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, testError)])
    }

    /// A sequence made with `create` sends what its closure sends, during the subscription; its
    /// disposable is disposed when the sequence ends or the subscription is disposed.
    func testScenarios() {
        var disposals = 0
        assertSourceScenarios([.toTheEnd([.next(200, 1), .next(200, 2), .completed(200)])]) { _ in
            Observable.create { observer in
                observer.onNext(1)
                observer.onNext(2)
                observer.onCompleted()
                observer.onNext(3) // after the end: dropped
                return Disposables.create { disposals += 1 }
            }
        }
        XCTAssertEqual(disposals, 1)
        assertSourceScenarios([.disposed(at: 250, [.next(200, 1)])]) { _ in
            Observable.create { observer in
                observer.onNext(1)
                return Disposables.create { disposals += 1 }
            }
        }
        XCTAssertEqual(disposals, 2)
    }
}
