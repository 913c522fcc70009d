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

    /// After completion the subject ignores `onNext`: neither its subscribers nor a later one
    /// (which gets the replay RxSwift gives it, then the completion) see the element.
    func testElementsAfterCompletionAreIgnored() {
        var seen: [String] = []
        let subject = AsyncSubject<Int>()
        _ = subject.subscribe(onNext: { seen.append("a\($0)") }, onCompleted: { seen.append("a|") })
        subject.onNext(1)
        subject.onCompleted()
        subject.onNext(2)
        _ = subject.subscribe(onNext: { seen.append("b\($0)") }, onCompleted: { seen.append("b|") })
        XCTAssertEqual(seen, ["a1", "a|", "b1", "b|"])
    }

    /// A subscriber that disposes itself in `onNext` gets nothing more; RxSwift still sends it
    /// `completed`, after its `onDisposed` (a deliberate difference, in the migration guide).
    func testASubscriberThatDisposesItselfInOnNextGetsNoCompletion() {
        let subject = AsyncSubject<Int>()
        let log = LockedBox<[String]>([])
        let holder = SerialDisposable()
        holder.disposable = subject.subscribe(
            onNext: { value in
                log.mutate { $0.append("next(\(value))") }
                holder.dispose()
            }, onCompleted: { log.mutate { $0.append("completed") } },
            onDisposed: { log.mutate { $0.append("disposed") } })
        subject.onNext(1)
        subject.onCompleted()
        XCTAssertEqual(log.value, ["next(1)", "disposed"])
    }
}
