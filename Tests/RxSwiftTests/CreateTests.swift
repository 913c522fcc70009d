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
}
