import Dispatch
import RxSwift
import RxTest
import TestSupport
import XCTest

final class MaybeTests: RxTestCase {
    func testSuccessEmptyAndError() {
        var log: [String] = []
        _ = Maybe.just(1).subscribe(
            onSuccess: { log.append("success \($0)") }, onError: { _ in log.append("error") },
            onCompleted: { log.append("completed") })
        _ = Maybe<Int>.empty().subscribe(
            onSuccess: { log.append("success \($0)") }, onCompleted: { log.append("completed") })
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
