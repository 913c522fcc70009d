import RxSwift
import RxTest
import TestSupport
import XCTest

final class SubscribeTests: RxTestCase {
    func testOnDisposedRunsOnceAfterCompletion() {
        var log: [String] = []
        let subscription = Observable.of(1, 2).subscribe(
            onNext: { log.append("next \($0)") },
            onError: { _ in log.append("error") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") })
        subscription.dispose()
        XCTAssertEqual(log, ["next 1", "next 2", "completed", "disposed"])
    }

    func testOnDisposedRunsOnceOnDispose() {
        var log: [String] = []
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(
            onNext: { log.append("next \($0)") }, onDisposed: { log.append("disposed") })
        subject.onNext(1)
        subscription.dispose()
        subscription.dispose()
        subject.onNext(2)
        XCTAssertEqual(log, ["next 1", "disposed"])
        XCTAssertFalse(subject.hasObservers)
    }

    func testNothingAfterError() {
        var log: [String] = []
        _ = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onError(testError)
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }
        .subscribe(
            onNext: { log.append("next \($0)") }, onError: { log.append("error \($0)") },
            onCompleted: { log.append("completed") })
        XCTAssertEqual(log, ["next 1", "error test"])
    }

    func testUnhandledErrorGoesToDefaultErrorHandler() {
        let received = LockedBox<[String]>([])
        let previous = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, error in received.mutate { $0.append("\(error)") } }
        defer { Hooks.defaultErrorHandler = previous }
        _ = Observable<Int>.error(testError).subscribe(onNext: { _ in })
        XCTAssertEqual(received.value, ["test"])
    }

    /// `just` and `just(x).map(f)` end during `subscribe` and call the closures at once, with no
    /// observer: in the order an observer calls them, `onDisposed` last, the error (with or
    /// without `onError`) instead of the element and the completion, and the returned
    /// subscription has nothing left to do.
    func testASequenceEndedDuringSubscribeCallsEachClosureInOrder() {
        var log: [String] = []
        func subscribe(_ source: Observable<Int>) -> Disposable {
            source.subscribe(
                onNext: { log.append("next \($0)") }, onError: { log.append("error \($0)") },
                onCompleted: { log.append("completed") }, onDisposed: { log.append("disposed") })
        }
        subscribe(.just(1)).dispose()
        subscribe(Observable.just(1).map { $0 * 10 }).dispose()
        subscribe(Observable.just(1).map { _ in throw testError }).dispose()
        XCTAssertEqual(
            log,
            ["next 1", "completed", "disposed", "next 10", "completed", "disposed", "error test", "disposed"])

        let received = LockedBox<[String]>([])
        let previous = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, error in received.mutate { $0.append("\(error)") } }
        defer { Hooks.defaultErrorHandler = previous }
        log = []
        _ = Observable.just(2).map { _ -> Int in throw testError }.subscribe(onNext: { log.append("next \($0)") })
        _ = Observable.just(2).map { _ -> Int in throw testError }.subscribe(onDisposed: { log.append("disposed") })
        XCTAssertEqual(received.value, ["test", "test"])
        XCTAssertEqual(log, ["disposed"])
    }

    /// Subscribed while the trampoline runs (from work it runs), `just(x).map(f)` delivers at
    /// once, as any operator's subscription runs then; work it schedules waits its turn.
    func testJustThenMapInsideTheTrampolineDeliversAtOnce() {
        var log: [String] = []
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            _ = Observable.just(1).map { $0 + 1 }.subscribe(
                onNext: { value in
                    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                        log.append("scheduled")
                        return Disposables.create()
                    }
                    log.append("next \(value)")
                }, onDisposed: { log.append("disposed") })
            log.append("subscribed")
            return Disposables.create()
        }
        XCTAssertEqual(log, ["next 2", "disposed", "subscribed", "scheduled"])
    }

    /// RxSwift 6 swallows the error of `subscribe(with:onNext:)` without `onError` (RxSwift issue
    /// 2730); OpenRx reports it like every other subscription without an error handler, and a
    /// given `onError` still takes it.
    func testSubscribeWithObjectReportsAnUnhandledError() {
        final class Owner {}
        let owner = Owner()
        let received = LockedBox<[String]>([])
        let previous = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, error in received.mutate { $0.append("\(error)") } }
        defer { Hooks.defaultErrorHandler = previous }
        _ = Observable<Int>.error(testError).subscribe(with: owner, onNext: { _, _ in })
        _ = Single<Int>.error(testError).subscribe(with: owner, onSuccess: { _, _ in })
        _ = Maybe<Int>.error(testError).subscribe(with: owner, onSuccess: { _, _ in })
        _ = Completable.error(testError).subscribe(with: owner, onCompleted: { _ in })
        XCTAssertEqual(received.value, ["test", "test", "test", "test"])
        var handled: [String] = []
        _ = Observable<Int>.error(testError).subscribe(with: owner, onError: { _, error in handled.append("\(error)") })
        XCTAssertEqual(handled, ["test"])
        XCTAssertEqual(received.value.count, 4, "a given onError takes the error")
    }

    func testSubscribeWithObjectStopsWhenObjectIsGone() {
        final class Owner { var values: [Int] = [] }
        let subject = PublishSubject<Int>()
        var owner: Owner? = Owner()
        var disposedWithOwner = false
        let subscription = subject.subscribe(
            with: owner!, onNext: { owner, value in owner.values.append(value) },
            onDisposed: { _ in disposedWithOwner = true })
        subject.onNext(1)
        XCTAssertEqual(owner?.values, [1])
        weak let weakOwner = owner
        owner = nil
        XCTAssertNil(weakOwner, "subscribe(with:) must not retain its object")
        subject.onNext(2)
        subscription.dispose()
        XCTAssertFalse(disposedWithOwner)
    }

    func testEventClosureForm() {
        var events: [Event<Int>] = []
        _ = Observable.just(7).subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(7), .completed])
    }

    func testReentrantDeliveryIsReportedInDebugBuilds() {
        #if DEBUG
        let warnings = LockedBox<[String]>([])
        let previous = Hooks.warningHandler
        Hooks.warningHandler = { message in warnings.mutate { $0.append(message) } }
        defer { Hooks.warningHandler = previous }
        var observerRef: AnyObserver<Int>?
        let source = Observable<Int>.create { observer in
            observerRef = observer
            return Disposables.create()
        }
        let subscription = source.subscribe(onNext: { value in
            if value == 1 { observerRef?.onNext(2) }
        })
        observerRef?.onNext(1)
        subscription.dispose()
        observerRef = nil
        XCTAssertFalse(warnings.value.isEmpty)
        XCTAssertTrue(warnings.value.first?.contains("Reentrancy anomaly") ?? false)
        #endif
    }
}
