import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import RxSwift

final class DeliveryQueueTests: XCTestCase {
    func testOutboxIsFirstInFirstOutAndReusesItsStorage() {
        var outbox = Outbox<Int>()
        XCTAssertTrue(outbox.isEmpty)
        for value in 1...3 { outbox.append(value) }
        XCTAssertEqual(outbox.count, 3)
        XCTAssertEqual(outbox.first, 1)
        XCTAssertEqual(outbox.popFirst(), 1)
        outbox.append(4)
        XCTAssertEqual([outbox.popFirst(), outbox.popFirst(), outbox.popFirst()], [2, 3, 4])
        XCTAssertNil(outbox.popFirst())
        XCTAssertEqual(outbox.count, 0)
        outbox.append(5)
        outbox.removeAll()
        XCTAssertTrue(outbox.isEmpty)
        XCTAssertNil(outbox.first)
    }

    func testTheFirstClaimTakesTheRoleAndTheOthersQueue() {
        var queue = DeliveryQueue<Int>()
        XCTAssertFalse(queue.claimIfWaiting(), "nothing waits")
        XCTAssertTrue(queue.claim())
        XCTAssertTrue(queue.isDelivering)
        XCTAssertFalse(queue.claim(), "the role is taken")
        XCTAssertFalse(queue.enqueue(1), "queued for the deliverer")
        queue.append(2)
        XCTAssertFalse(queue.finishIfIdle(), "items wait")
        XCTAssertEqual(queue.popFirst(), 1)
        XCTAssertEqual(queue.next(), 2)
        XCTAssertNil(queue.next())
        XCTAssertFalse(queue.isDelivering, "next() gave the role up when nothing waited")
        XCTAssertTrue(queue.enqueue(3), "an idle queue hands the role to whoever enqueues")
        queue.removeAll()
        XCTAssertTrue(queue.finishIfIdle())
        XCTAssertFalse(queue.isDelivering)
    }

    /// A delivery that decides more (re-entrantly) finds its decision queued behind it.
    func testReentrantDecisionsAreDeliveredAfterTheCurrentOne() {
        let deliverer = Deliverer()
        deliverer.send(1) { value in if value < 4 { deliverer.send(value + 1) } }
        XCTAssertEqual(deliverer.delivered.value, [1, 2, 3, 4])
        XCTAssertEqual(deliverer.maxDepth.load(ordering: .relaxed), 1, "deliveries never nest")
    }

    /// Four threads decide 2,000 items each: every item is delivered once, each thread's in its
    /// order, never two at once, and the role ends up free.
    func testDeliveriesFromManyThreadsNeverOverlapAndKeepEachThreadsOrder() {
        let deliverer = Deliverer()
        runConcurrently(4) { thread in
            for index in 0..<2_000 { deliverer.send(thread * 10_000 + index) }
        }
        let delivered = deliverer.delivered.value
        XCTAssertEqual(delivered.count, 8_000)
        XCTAssertEqual(Set(delivered).count, 8_000, "an item was lost or delivered twice")
        for thread in 0..<4 {
            let own = delivered.filter { $0 / 10_000 == thread }
            XCTAssertEqual(own, own.sorted(), "thread \(thread)'s items out of order")
        }
        XCTAssertEqual(deliverer.maxDepth.load(ordering: .relaxed), 1, "two deliveries overlapped")
        XCTAssertFalse(deliverer.isDelivering)
    }
}

/// The pattern documented on `DeliveryQueue`, recording what it delivers.
private final class Deliverer: @unchecked Sendable {
    // @unchecked Sendable: `queue` is guarded by `lock`; the counters are atomic or boxed.
    private let lock = NSLock()
    private var queue = DeliveryQueue<Int>()
    let delivered = LockedBox<[Int]>([])
    private let depth = Atomic<Int>(0)
    let maxDepth = Atomic<Int>(0)
    private var reaction: ((Int) -> Void)?

    var isDelivering: Bool { lock.withLock { queue.isDelivering } }

    func send(_ value: Int, reaction: ((Int) -> Void)? = nil) {
        if let reaction { self.reaction = reaction }
        guard lock.withLock({ queue.enqueue(value) }) else { return }
        while let next = lock.withLock({ queue.next() }) {
            let now = depth.add(1, ordering: .acquiringAndReleasing).newValue
            maxDepth.max(now, ordering: .relaxed)
            delivered.mutate { $0.append(next) }
            reaction?(next)
            depth.subtract(1, ordering: .acquiringAndReleasing)
        }
    }
}
