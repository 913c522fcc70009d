import Dispatch
import RxSwift
import TestSupport
import RxTest
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
        .subscribe(onSuccess: { results.append("success \($0)") }, onFailure: { results.append("failure \($0)") }, onDisposed: { results.append("disposed") })
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

final class MaybeTests: RxTestCase {
    func testSuccessEmptyAndError() {
        var log: [String] = []
        _ = Maybe.just(1).subscribe(onSuccess: { log.append("success \($0)") }, onError: { _ in log.append("error") }, onCompleted: { log.append("completed") })
        _ = Maybe<Int>.empty().subscribe(onSuccess: { log.append("success \($0)") }, onCompleted: { log.append("completed") })
        _ = Maybe<Int>.create { maybe in
            maybe(.error(testError))
            return Disposables.create()
        }.subscribe { event in
            if case .error = event { log.append("error") }
        }
        XCTAssertEqual(log, ["success 1", "completed", "error"])
        XCTAssertEqual(collect(Observable.of(1, 2).asMaybe().asObservable()), [.error(RxError.moreThanOneElement)])
        XCTAssertEqual(collect(Observable<Int>.empty().asMaybe().asObservable()), [.completed])
    }
}

final class CompletableTests: RxTestCase {
    func testCreateAndThen() {
        var log: [String] = []
        let save = Completable.create { completable in
            log.append("saving")
            completable(.completed)
            return Disposables.create()
        }
        _ = save.andThen(Single.just(5)).subscribe(onSuccess: { log.append("then \($0)") })
        _ = save.andThen(Completable.empty()).subscribe(onCompleted: { log.append("completed") })
        _ = Completable.error(testError).subscribe(onCompleted: { log.append("wrong") }, onError: { log.append("error \($0)") })
        XCTAssertEqual(log, ["saving", "then 5", "saving", "completed", "error test"])
        XCTAssertEqual(collect(Observable.of(1, 2).ignoreElements()), [.completed])
        XCTAssertEqual(collect(Observable<Int>.error(testError).ignoreElements().asCompletable().asObservable()), [.error(testError)])
    }
}

final class DeprecatedAliasesTests: RxTestCase {
    @available(*, deprecated, message: "exercises deprecated aliases on purpose")
    func testAliasesBehaveLikeTheirReplacements() {
        XCTAssertEqual(collect(Observable<Int>.error(testError).catchError { _ in .just(1) }), [.next(1), .completed])
        XCTAssertEqual(collect(Observable<Int>.error(testError).catchErrorJustReturn(2)), [.next(2), .completed])
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        let res = scheduler.start { xs.skip(.seconds(20), scheduler: scheduler).take(.seconds(100), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(230, 2), .completed(240)])
    }
}
