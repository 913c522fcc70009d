import RxRelay
import RxSwift
import RxTest
import XCTest

final class PublishRelayTests: XCTestCase {
    func testAcceptReachesCurrentSubscribersOnly() {
        let relay = PublishRelay<Int>()
        relay.accept(0)
        var seen: [Int] = []
        let subscription = relay.subscribe(onNext: { seen.append($0) })
        relay.accept(1)
        relay.accept(2)
        subscription.dispose()
        relay.accept(3)
        XCTAssertEqual(seen, [1, 2])
    }
}

final class BehaviorRelayTests: XCTestCase {
    func testValueAndReplay() {
        let relay = BehaviorRelay(value: "a")
        XCTAssertEqual(relay.value, "a")
        relay.accept("b")
        XCTAssertEqual(relay.value, "b")
        var seen: [String] = []
        let subscription = relay.asObservable().subscribe(onNext: { seen.append($0) })
        relay.accept("c")
        subscription.dispose()
        XCTAssertEqual(seen, ["b", "c"])
    }

    func testValueIsUpdatedBeforeSubscribersRun() {
        let relay = BehaviorRelay(value: 0)
        var observed: [Int] = []
        let subscription = relay.subscribe(onNext: { _ in observed.append(relay.value) })
        relay.accept(1)
        subscription.dispose()
        XCTAssertEqual(observed, [0, 1])
    }

    func testCapturedByDetachedTask() async {
        let relay = BehaviorRelay(value: 0)
        await Task.detached { relay.accept(5) }.value
        XCTAssertEqual(relay.value, 5)
    }
}

final class ReplayRelayTests: XCTestCase {
    func testReplaysBuffer() {
        let relay = ReplayRelay<Int>.create(bufferSize: 2)
        [1, 2, 3].forEach(relay.accept)
        var seen: [Int] = []
        _ = relay.subscribe(onNext: { seen.append($0) }).dispose()
        XCTAssertEqual(seen, [2, 3])
        let unbound = ReplayRelay<Int>.createUnbound()
        [1, 2, 3].forEach(unbound.accept)
        var all: [Int] = []
        _ = unbound.subscribe(onNext: { all.append($0) }).dispose()
        XCTAssertEqual(all, [1, 2, 3])
    }
}

final class BindToRelayTests: XCTestCase {
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

/// Strings collected from any thread.
final class LockedStrings: @unchecked Sendable {
    // @unchecked Sendable: `storage` is guarded by `lock`.
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ value: String) {
        lock.lock()
        storage.append(value)
        lock.unlock()
    }

    var values: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

final class InfallibleBindTests: XCTestCase {
    func testInfallibleBindsIntoEveryKindOfRelay() {
        let publish = PublishRelay<Int>()
        let optionalPublish = PublishRelay<Int?>()
        let behavior = BehaviorRelay(value: 0)
        let optionalBehavior = BehaviorRelay<Int?>(value: nil)
        let replay = ReplayRelay<Int>.createUnbound()
        let optionalReplay = ReplayRelay<Int?>.createUnbound()
        var published: [Int?] = []
        let bag = DisposeBag()
        publish.subscribe(onNext: { published.append($0) }).disposed(by: bag)
        optionalPublish.subscribe(onNext: { published.append($0) }).disposed(by: bag)
        let source = Infallible.of(1, 2)
        source.bind(to: publish).disposed(by: bag)
        source.bind(to: optionalPublish).disposed(by: bag)
        source.bind(to: behavior).disposed(by: bag)
        source.bind(to: optionalBehavior).disposed(by: bag)
        source.bind(to: replay).disposed(by: bag)
        source.bind(to: optionalReplay).disposed(by: bag)
        var replayed: [Int?] = []
        replay.subscribe(onNext: { replayed.append($0) }).disposed(by: bag)
        optionalReplay.subscribe(onNext: { replayed.append($0) }).disposed(by: bag)
        XCTAssertEqual(published, [1, 2, 1, 2])
        XCTAssertEqual(behavior.value, 2)
        XCTAssertEqual(optionalBehavior.value, 2)
        XCTAssertEqual(replayed, [1, 2, 1, 2])
    }
}

final class RelayAsInfallibleTests: XCTestCase {
    func testEachRelayAsInfallibleSeesWhatItsSubscribersSee() {
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay(value: 0)
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        replay.accept(9)
        var seen: [String] = []
        let bag = DisposeBag()
        publish.asInfallible().subscribe(onNext: { seen.append("p\($0)") }).disposed(by: bag)
        behavior.asInfallible().subscribe(onNext: { seen.append("b\($0)") }).disposed(by: bag)
        replay.asInfallible().subscribe(onNext: { seen.append("r\($0)") }).disposed(by: bag)
        publish.accept(1)
        behavior.accept(2)
        replay.accept(3)
        XCTAssertEqual(seen, ["b0", "r9", "p1", "b2", "r3"])
    }
}
