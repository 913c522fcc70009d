import RxRelay
import RxSwift
import RxTest
import TestSupport
import XCTest

final class BehaviorRelayTests: TimeLimitedTestCase {
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
