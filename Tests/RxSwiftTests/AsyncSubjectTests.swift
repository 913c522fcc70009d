import RxSwift
import RxTest
import TestSupport
import XCTest

final class AsyncSubjectTests: RxTestCase {
    func testEmitsLastElementOnCompletion() {
        let subject = AsyncSubject<Int>()
        var events: [Event<Int>] = []
        let subscription = subject.subscribe { events.append($0) }
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(events, [])
        subject.onCompleted()
        XCTAssertEqual(events, [.next(2), .completed])
        var late: [Event<Int>] = []
        _ = subject.subscribe { late.append($0) }
        XCTAssertEqual(late, [.next(2), .completed])
        subscription.dispose()
    }

    func testErrorHasNoElementAndEmptyCompletionHasNone() {
        let failed = AsyncSubject<Int>()
        var events: [Event<Int>] = []
        _ = failed.subscribe { events.append($0) }
        failed.onNext(1)
        failed.onError(testError)
        XCTAssertEqual(events, [.error(testError)])

        let empty = AsyncSubject<Int>()
        var emptyEvents: [Event<Int>] = []
        _ = empty.subscribe { emptyEvents.append($0) }
        empty.onCompleted()
        XCTAssertEqual(emptyEvents, [.completed])
    }
}
