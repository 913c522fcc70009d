import RxSwift
import RxTest
import TestSupport
import XCTest

private enum Failure: Error { case one, two }

/// RxTest's comparisons of the primitive traits' events, as RxSwift's test suites use them.
final class TraitAssertionsTests: TimeLimitedTestCase {
    func testSingleEventsCompareElementsAndErrors() {
        var events: [SingleEvent<Int>] = []
        _ = Single.just(1).subscribe { events.append($0) }
        _ = Single<Int>.error(Failure.one).subscribe { events.append($0) }
        XCTAssertEqual(events, [.success(1), .failure(Failure.one)])
    }

    func testMaybeEventIsEquatable() {
        XCTAssertEqual(MaybeEvent.success(1), .success(1))
        XCTAssertNotEqual(MaybeEvent.success(1), .success(2))
        XCTAssertEqual(MaybeEvent<Int>.error(Failure.one), .error(Failure.one))
        XCTAssertNotEqual(MaybeEvent<Int>.error(Failure.one), .error(Failure.two))
        XCTAssertNotEqual(MaybeEvent<Int>.completed, .success(1))
        var events: [MaybeEvent<Int>] = []
        _ = Maybe.just(3).subscribe { events.append($0) }
        _ = Maybe<Int>.empty().subscribe { events.append($0) }
        XCTAssertEqual(events, [.success(3), .completed])
    }

    func testCompletableEventIsEquatable() {
        XCTAssertEqual(CompletableEvent.completed, .completed)
        XCTAssertEqual(CompletableEvent.error(Failure.one), .error(Failure.one))
        XCTAssertNotEqual(CompletableEvent.error(Failure.one), .error(Failure.two))
        XCTAssertNotEqual(CompletableEvent.error(Failure.one), .completed)
        var events: [CompletableEvent] = []
        _ = Completable.empty().subscribe { events.append($0) }
        _ = Completable.error(Failure.two).subscribe { events.append($0) }
        XCTAssertEqual(events, [.completed, .error(Failure.two)])
    }
}
