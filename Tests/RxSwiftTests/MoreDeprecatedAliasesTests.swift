import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

/// The deprecated aliases compile (with a deprecation warning) and behave like their
/// replacements.
final class MoreDeprecatedAliasesTests: RxTestCase {
    @available(*, deprecated, message: "exercises deprecated aliases on purpose")
    func testTakeUntilWithBehavior() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 5), .next(230, 2), .completed(240)])
        let old = scheduler.start { source.takeUntil(.inclusive, predicate: { $0 > 3 }) }
        XCTAssertEqual(old.events, [.next(210, 1), .next(220, 5), .completed(220)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    @available(*, deprecated, message: "exercises deprecated aliases on purpose")
    func testElementTypealias() {
        func element<Source: ObservableConvertibleType>(of _: Source) -> Source.E.Type { Source.E.self }
        XCTAssertTrue(element(of: Observable<Int>.empty()) == Int.self)
        XCTAssertTrue(AnyObserver<String>.E.self == String.self)
    }

    @available(*, deprecated, message: "exercises deprecated aliases on purpose")
    func testTraitRetryWhenAndCatchError() {
        var attempts = 0
        let flaky = Single<Int>.deferred {
            attempts += 1; return attempts < 2 ? .error(testError) : .just(attempts)
        }
        var results: [Int] = []
        _ = flaky.retryWhen { (errors: Observable<Error>) in errors }.subscribe(onSuccess: { results.append($0) })
        _ = Maybe<Int>.error(testError).catchError { _ in .just(9) }.subscribe(onSuccess: { results.append($0) })
        _ = Maybe<Int>.error(testError).catchErrorJustReturn(8).subscribe(onSuccess: { results.append($0) })
        XCTAssertEqual(results, [2, 9, 8])
    }
}
