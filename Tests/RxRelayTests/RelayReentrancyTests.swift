import Foundation
import RxRelay
import RxSwift
import TestSupport
import XCTest

/// Relays are subjects underneath: a value accepted from inside a relay's own subscriber is
/// delivered synchronously, on the same thread, as in RxSwift.
final class RelayReentrancyTests: TimeLimitedTestCase {
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

    /// Two threads accept while two others subscribe and dispose, on every kind of relay: each
    /// subscriber sees each sender's values in order, one at a time, none twice.
    func testConcurrentAcceptAgainstSubscribeAndDispose() {
        let relays: [(accept: @Sendable (Int) -> Void, source: UncheckedSendable<Observable<Int>>)] = [
            {
                let r = PublishRelay<Int>(); return ({ r.accept($0) }, UncheckedSendable(r.asObservable()))
            }(),
            {
                let r = BehaviorRelay(value: -1); return ({ r.accept($0) }, UncheckedSendable(r.asObservable()))
            }(),
            {
                let r = ReplayRelay<Int>.create(bufferSize: 2);
                return ({ r.accept($0) }, UncheckedSendable(r.asObservable()))
            }(),
        ]
        for (accept, source) in relays {
            let recorders = LockedBox<[SerialRecorder<Int>]>([])
            runConcurrently(4) { thread in
                if thread < 2 {
                    for value in 0..<300 { accept(thread * 1_000 + value) }
                    return
                }
                subscribeAndDisposeRepeatedly(source.value, count: 30, into: recorders)
            }
            for recorder in recorders.value {
                XCTAssertFalse(recorder.overlapped)
                for sender in 0..<2 {
                    let own = recorder.elements.filter { $0 >= 0 && $0 / 1_000 == sender }
                    XCTAssertEqual(own, own.sorted(), "a sender's values out of order")
                    XCTAssertEqual(Set(own).count, own.count, "a value delivered twice")
                }
            }
        }
    }
}
