// Types written for RxSwift that conform to its protocols, as apps and libraries wrote them
// (RxFeedback, RxExample, app code), compiled in the Swift 6 language mode with warnings as
// errors (this target's settings). `Disposable` and `ImmediateSchedulerType` are not `Sendable`,
// as in RxSwift, so these compile unchanged; the library's own disposables and schedulers are
// `Sendable`. Compiling is half of each test; using them with the library is the other half.

import Dispatch
import Foundation
import RxSwift
import TestSupport
import XCTest

/// A non-final class with mutable state (app code).
class CountingDisposable: Disposable {
    var disposeCount = 0
    func dispose() { disposeCount += 1 }
}

/// Its subclass.
final class LoggingDisposable: CountingDisposable {
    var log: [String] = []
    override func dispose() {
        log.append("disposed")
        super.dispose()
    }
}

/// A struct holding a closure.
struct ActionDisposable: Disposable {
    let action: () -> Void
    func dispose() { action() }
}

/// A custom `Cancelable`.
final class FlagCancelable: Cancelable {
    private(set) var isDisposed = false
    func dispose() { isDisposed = true }
}

/// RxFeedback's shape: a public non-final generic class.
public class Bindings<Event>: Disposable {
    let subscriptions: [Disposable]
    init(subscriptions: [Disposable]) { self.subscriptions = subscriptions }
    public func dispose() { subscriptions.forEach { $0.dispose() } }
}

/// RxExample's shape (ActivityIndicator): a sequence that is also the disposable of its work.
struct ActivityToken<E>: ObservableConvertibleType, Disposable {
    private let source: Observable<E>
    private let disposeAction: () -> Void
    init(source: Observable<E>, disposeAction: @escaping () -> Void) {
        self.source = source
        self.disposeAction = disposeAction
    }
    func dispose() { disposeAction() }
    func asObservable() -> Observable<E> { source }
}

/// An `ImmediateSchedulerType` with mutable state: runs actions at once, counting them.
final class CountingImmediateScheduler: ImmediateSchedulerType {
    var scheduled = 0
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduled += 1
        return action(state)
    }
}

/// A `SchedulerType` class with mutable state, not final (an app's test scheduler).
class ManualScheduler: SchedulerType {
    var now = Date(timeIntervalSince1970: 0)
    var pending: [() -> Void] = []

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        pending.append { _ = action(state) }
        return Disposables.create()
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        schedule(state, action: action)
    }

    func runAll() {
        while !pending.isEmpty { pending.removeFirst()() }
    }
}

final class RxSwiftEraConformancesTests: TimeLimitedTestCase {
    func testDisposablesWrittenForRxSwiftWorkWithBagsAndComposites() {
        let counting = CountingDisposable()
        let logging = LoggingDisposable()
        var actions = 0
        let cancelable = FlagCancelable()
        let inner = CountingDisposable()
        do {
            let bag = DisposeBag()
            counting.disposed(by: bag)
            bag.insert(logging, ActionDisposable { actions += 1 }, cancelable)
            Bindings<Int>(subscriptions: [inner]).disposed(by: bag)
        }
        XCTAssertEqual(counting.disposeCount, 1)
        XCTAssertEqual(logging.log, ["disposed"])
        XCTAssertEqual(actions, 1)
        XCTAssertTrue(cancelable.isDisposed)
        XCTAssertEqual(inner.disposeCount, 1)
    }

    func testActivityTokenIsBothASequenceAndADisposable() {
        var disposed = false
        let token = ActivityToken(source: .just(7)) { disposed = true }
        var received: [Int] = []
        _ = token.asObservable().subscribe(onNext: { received.append($0) })
        let composite = CompositeDisposable(token, Disposables.create())
        composite.dispose()
        XCTAssertEqual(received, [7])
        XCTAssertTrue(disposed)
    }

    func testSchedulersWrittenForRxSwiftRunTheOperators() {
        let immediate = CountingImmediateScheduler()
        var received: [Int] = []
        _ = Observable.of(1, 2).observe(on: immediate).subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [1, 2])
        XCTAssertGreaterThanOrEqual(immediate.scheduled, 2)

        let manual = ManualScheduler()
        var later: [Int] = []
        _ = Observable.of(3, 4).subscribe(on: manual).subscribe(onNext: { later.append($0) })
        XCTAssertEqual(later, [], "nothing before the scheduler runs")
        manual.runAll()
        XCTAssertEqual(later, [3, 4])
    }
}
