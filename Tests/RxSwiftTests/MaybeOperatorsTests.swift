import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

final class MaybeOperatorsTests: RxTestCase {
    func testFilterCompactMapFlatMapAndIfEmpty() {
        XCTAssertEqual(outcome { _ in Maybe.just(2).filter { $0 > 5 } }, [.completed(200)])
        XCTAssertEqual(outcome { _ in Maybe.just(2).compactMap { "\($0)" } }, [.next(200, "2"), .completed(200)])
        XCTAssertEqual(
            outcome { _ in Maybe.just(2).flatMap { Maybe.just($0 * 10) } }, [.next(200, 20), .completed(200)])
        XCTAssertEqual(outcome { _ in Maybe<Int>.empty().ifEmpty(default: 7) }, [.next(200, 7), .completed(200)])
        XCTAssertEqual(
            outcome { _ in Maybe<Int>.empty().ifEmpty(switchTo: Maybe.just(8)) }, [.next(200, 8), .completed(200)])
        XCTAssertEqual(
            outcome { _ in Maybe<Int>.empty().ifEmpty(switchTo: Single.just(9)) }, [.next(200, 9), .completed(200)])
        XCTAssertEqual(
            outcome { _ in Maybe<Int>.error(testError).catchAndReturn(1) }, [.next(200, 1), .completed(200)])
    }

    func testZip() {
        XCTAssertEqual(
            outcome { s in
                Maybe.zip(s.createColdObservable([.next(50, 1), .completed(50)]).asMaybe(), Maybe.just(2)) { $0 + $1 }
            }, [.next(250, 3), .completed(250)])
        XCTAssertEqual(outcome { _ in Maybe.zip(Maybe.just(1), Maybe<Int>.empty()) { $0 + $1 } }, [.completed(200)])
        XCTAssertEqual(
            outcome { _ in Maybe.zip([Maybe.just(1), Maybe.just(2)]) }, [.next(200, [1, 2]), .completed(200)])
    }

    func testDoAndSubscribeWithObject() {
        final class Owner {}
        let owner = Owner()
        var log: [String] = []
        _ = Maybe<Int>.empty().do(onCompleted: { log.append("do completed") }).subscribe(
            with: owner, onSuccess: { _, _ in log.append("success") }, onCompleted: { _ in log.append("completed") })
        _ = Maybe.just(1).do(onNext: { log.append("do \($0)") }).subscribe(
            with: owner, onSuccess: { _, value in log.append("success \(value)") },
            onCompleted: { _ in log.append("unexpected") })
        XCTAssertEqual(log, ["do completed", "completed", "do 1", "success 1"])
    }

    func testAMaybeNeverEmitsAfterItsElement() {
        var events: [String] = []
        _ = Maybe<Int>.create { maybe in
            maybe(.success(1))
            maybe(.success(2))
            maybe(.completed)
            maybe(.error(testError))
            return Disposables.create()
        }.subscribe { event in
            switch event {
            case .success(let value): events.append("success \(value)")
            case .completed: events.append("completed")
            case .error: events.append("error")
            }
        }
        XCTAssertEqual(events, ["success 1"])
    }
}
