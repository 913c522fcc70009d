import Dispatch
import RxSwift
import RxTest
import TestSupport
import XCTest

final class SingleTests: RxTestCase {
    func testCreateSuccessFailureAndOnlyFirstResult() {
        var results: [String] = []
        _ = Single<Int>.create { single in
            single(.success(1))
            single(.success(2))
            single(.failure(testError))
            return Disposables.create()
        }
        .subscribe(
            onSuccess: { results.append("success \($0)") }, onFailure: { results.append("failure \($0)") },
            onDisposed: { results.append("disposed") })
        XCTAssertEqual(results, ["success 1", "disposed"])
        _ = Single<Int>.error(testError).subscribe { result in
            if case .failure(let error) = result { results.append("failure \(error)") }
        }
        XCTAssertEqual(results.last, "failure test")
    }

    func testObserverCanBeCapturedByBackgroundCompletionHandler() {
        let done = expectation(description: "success")
        let subscription = Single<Int>.create { single in
            DispatchQueue.global().async { single(.success(42)) }
            return Disposables.create()
        }
        .map { $0 + 1 }
        .subscribe(onSuccess: { value in
            XCTAssertEqual(value, 43)
            done.fulfill()
        })
        wait(for: [done], timeout: 10)
        subscription.dispose()
    }

    func testAsSingleErrors() {
        XCTAssertEqual(collect(Observable.just(1).asSingle().asObservable()), [.next(1), .completed])
        XCTAssertEqual(collect(Observable<Int>.empty().asSingle().asObservable()), [.error(RxError.noElements)])
        XCTAssertEqual(collect(Observable.of(1, 2).asSingle().asObservable()), [.error(RxError.moreThanOneElement)])
    }

    func testAsSingleOnVirtualTimeDisposesSourceOnSecondElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.asSingle() }
        XCTAssertEqual(res.events, [.error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testFlatMapAndToArray() {
        XCTAssertEqual(collect(Single.just(2).flatMap { Single.just($0 * 5) }.asObservable()), [.next(10), .completed])
        XCTAssertEqual(collect(Observable.of(1, 2, 3).toArray().asObservable()), [.next([1, 2, 3]), .completed])
        XCTAssertEqual(collect(Single<Int>.error(testError).catchAndReturn(7).asObservable()), [.next(7), .completed])
    }
}
