import Foundation
import RxRelay
import RxSwift
import XCTest

/// Relays are subjects underneath: a value accepted from inside a relay's own subscriber is
/// delivered synchronously, on the same thread, as in RxSwift.
final class RelayReentrancyTests: XCTestCase {
    func testBehaviorRelayAcceptFromItsOwnSubscription() {
        let relay = BehaviorRelay(value: 0)
        let caller = Thread.current
        var received: [Int] = []
        var elsewhere = 0
        _ = relay.subscribe(onNext: { value in
            received.append(value)
            if Thread.current != caller { elsewhere += 1 }
            if value < 5 { relay.accept(value + 1) }
        })
        XCTAssertEqual(received, [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(relay.value, 5)
        XCTAssertEqual(elsewhere, 0)
    }

    func testReplayRelayAcceptFromItsOwnSubscription() {
        let relay = ReplayRelay<Int>.create(bufferSize: 2)
        relay.accept(0)
        var received: [Int] = []
        _ = relay.subscribe(onNext: { value in
            received.append(value)
            if value < 3 { relay.accept(value + 1) }
        })
        XCTAssertEqual(received, [0, 1, 2, 3])
    }

    func testPublishRelayAcceptFromItsOwnSubscription() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        _ = relay.subscribe(onNext: { value in
            received.append(value)
            if value < 3 { relay.accept(value + 1) }
        })
        relay.accept(0)
        XCTAssertEqual(received, [0, 1, 2, 3])
    }
}
