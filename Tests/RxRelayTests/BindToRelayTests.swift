import RxRelay
import RxSwift
import RxTest
import TestSupport
import XCTest

final class BindToRelayTests: TimeLimitedTestCase {
    func testBindsElementsAndIgnoresCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay(value: 0)
        let replay = ReplayRelay<Int>.createUnbound()
        let optional = BehaviorRelay<Int?>(value: nil)
        let observer = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) {
            subscriptions.append(publish.subscribe(observer))
            subscriptions.append(xs.bind(to: publish))
            subscriptions.append(xs.bind(to: behavior))
            subscriptions.append(xs.bind(to: replay))
            subscriptions.append(xs.bind(to: optional))
        }
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2)], "a relay never completes")
        XCTAssertEqual(behavior.value, 2)
        XCTAssertEqual(optional.value, 2)
        var replayed: [Int] = []
        _ = replay.subscribe(onNext: { replayed.append($0) }).dispose()
        XCTAssertEqual(replayed, [1, 2])
        subscriptions.forEach { $0.dispose() }
    }

    func testBindsToSeveralRelaysAtOnce() {
        let first = PublishRelay<Int>()
        let second = PublishRelay<Int>()
        var seen: [String] = []
        let a = first.subscribe(onNext: { seen.append("first \($0)") })
        let b = second.subscribe(onNext: { seen.append("second \($0)") })
        _ = Observable.just(7).bind(to: first, second)
        XCTAssertEqual(seen, ["first 7", "second 7"])
        a.dispose()
        b.dispose()
    }

    func testErrorGoesToTheBindingErrorHook() {
        let reported = LockedStrings()
        let previous = Hooks.bindingErrorHandler
        Hooks.bindingErrorHandler = { error, target in reported.append("\(target): \(error)") }
        defer { Hooks.bindingErrorHandler = previous }
        let relay = BehaviorRelay(value: 1)
        _ = Observable<Int>.error(RxError.unknown).bind(to: relay)
        XCTAssertEqual(reported.values, ["BehaviorRelay: Unknown error occurred."])
        XCTAssertEqual(relay.value, 1)
    }
}
