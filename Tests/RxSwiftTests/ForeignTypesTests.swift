import RxSwift
import TestSupport
import XCTest

/// Disposables, observers and sequences defined outside the library take the library's generic
/// paths (the stages hold them through adapters); these tests pin that they behave like the
/// library's own.
final class ForeignTypesTests: RxTestCase {
    /// A disposable defined outside the library (a struct: no identity, no `_openRxLink`).
    struct CountingDisposable: Disposable {
        let count: LockedBox<Int>
        func dispose() { count.mutate { $0 += 1 } }
    }

    /// An observer defined outside the library.
    final class RecordingObserver: ObserverType {
        var events: [String] = []
        func on(_ event: Event<Int>) {
            switch event {
            case .next(let value): events.append("next(\(value))")
            case .error(let error): events.append("error(\(error))")
            case .completed: events.append("completed")
            }
        }
    }

    /// A sequence type defined outside the library, forwarding to an `Observable`.
    struct Wrapper: ObservableType {
        typealias Element = Int
        let base: Observable<Int>
        func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
            base.subscribe(observer)
        }
    }

    func testUserDisposableIsDisposedOnceWhenTheSubscriptionIsDisposed() {
        let count = LockedBox(0)
        var received: [Int] = []
        let subscription = Observable<Int>.create { observer in
            observer.onNext(1)
            return CountingDisposable(count: count)
        }
        .map { $0 + 1 }
        .subscribe(onNext: { received.append($0) })
        XCTAssertEqual(count.value, 0)
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(count.value, 1)
        XCTAssertEqual(received, [2])
    }

    func testUserDisposableIsDisposedOnceWhenTheSequenceCompletesDuringSubscribe() {
        let count = LockedBox(0)
        var completions = 0
        let subscription = Observable<Int>.create { observer in
            observer.onCompleted()
            return CountingDisposable(count: count)
        }
        .filter { $0 > 0 }
        .subscribe(onCompleted: { completions += 1 })
        XCTAssertEqual(count.value, 1, "disposed as soon as it was handed over, the sequence having ended")
        subscription.dispose()
        XCTAssertEqual(count.value, 1)
        XCTAssertEqual(completions, 1)
    }

    func testUserObserverGetsEventsThroughStages() {
        let observer = RecordingObserver()
        _ = Observable.of(1, 2, 3).map { $0 * 10 }.filter { $0 > 10 }.subscribe(observer)
        XCTAssertEqual(observer.events, ["next(20)", "next(30)", "completed"])

        let subject = PublishSubject<Int>()
        let other = RecordingObserver()
        let subscription = subject.map { $0 + 1 }.subscribe(other)
        subject.onNext(1)
        subject.onError(TestError.test)
        subject.onNext(2)
        XCTAssertEqual(other.events, ["next(2)", "error(\(TestError.test))"])
        subscription.dispose()
    }

    func testUserObserverOnASubjectDirectly() {
        let subject = BehaviorSubject(value: 1)
        let observer = RecordingObserver()
        let subscription = subject.subscribe(observer)
        subject.onNext(2)
        subscription.dispose()
        subject.onNext(3)
        XCTAssertEqual(observer.events, ["next(1)", "next(2)"])
    }

    func testUserSequenceTypeWithOperatorsAndClosureSubscribe() {
        let wrapper = Wrapper(base: .of(1, 2))
        var direct: [Int] = []
        var completed = false
        _ = wrapper.subscribe(onNext: { direct.append($0) }, onCompleted: { completed = true })
        XCTAssertEqual(direct, [1, 2])
        XCTAssertTrue(completed)

        var mapped: [Int] = []
        _ = wrapper.map { $0 * 3 }.subscribe(onNext: { mapped.append($0) })
        XCTAssertEqual(mapped, [3, 6])
    }

    func testAnyObserverAroundAClosureGetsElementsFromStages() {
        var events: [String] = []
        let observer = AnyObserver<Int> { event in events.append("\(event)") }
        _ = Observable.just(5).map { $0 + 1 }.subscribe(observer)
        XCTAssertEqual(events.count, 2)
        XCTAssertEqual(events.first, "\(Event<Int>.next(6))")
    }
}
