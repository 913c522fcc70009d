import Dispatch
import RxSwift
import RxTest
import TestSupport
import XCTest

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
        _ = Completable.error(testError).subscribe(
            onCompleted: { log.append("wrong") }, onError: { log.append("error \($0)") })
        XCTAssertEqual(log, ["saving", "then 5", "saving", "completed", "error test"])
        XCTAssertEqual(collect(Observable.of(1, 2).ignoreElements()), [.completed])
        XCTAssertEqual(
            collect(Observable<Int>.error(testError).ignoreElements().asCompletable().asObservable()),
            [.error(testError)])
    }
}
