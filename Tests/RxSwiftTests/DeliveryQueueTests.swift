import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import RxSwift

final class DeliveryQueueTests: TimeLimitedTestCase {
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

    /// A backlog that never drains (items added while older ones are taken, past the storage's
    /// first size, so the ring wraps and grows with its head in the middle) keeps its order.
    func testOutboxKeepsItsOrderWhenItWrapsAndGrows() {
        var outbox = Outbox<Int>()
        var expected = 0
        var next = 0
        for round in 0..<200 {
            for _ in 0..<(round % 7 + 1) {
                outbox.append(next)
                next += 1
            }
            for _ in 0..<(round % 5) {
                guard let taken = outbox.popFirst() else { break }
                XCTAssertEqual(taken, expected)
                expected += 1
            }
            XCTAssertEqual(outbox.count, next - expected)
            XCTAssertEqual(outbox.first, outbox.isEmpty ? nil : expected)
        }
        while let taken = outbox.popFirst() {
            XCTAssertEqual(taken, expected)
            expected += 1
        }
        XCTAssertEqual(expected, next)
    }

    /// A taken item is let go at once, not when the whole queue has drained; dropped items too.
    func testOutboxReleasesWhatItHandsOutAndDrops() {
        final class Item {}
        var outbox = Outbox<Item>()
        weak var first: Item?
        weak var dropped: Item?
        do {
            let item = Item()
            first = item
            outbox.append(item)
            outbox.append(Item())
        }
        XCTAssertNotNil(outbox.popFirst())
        XCTAssertNil(first, "the first item is gone while another still waits")
        do {
            let item = Item()
            dropped = item
            outbox.append(item)
        }
        outbox.removeAll()
        XCTAssertNil(dropped)
        XCTAssertTrue(outbox.isEmpty)
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

    /// An owner disposed during a drain drops what waits: the deliverer delivers nothing more
    /// and gives the role up, so the next decision is delivered at once.
    func testDroppingWhatWaitsDuringADrainEndsIt() {
        let deliverer = Deliverer()
        deliverer.send(1) { value in
            if value == 1 {
                deliverer.send(2)
                deliverer.send(3)
                deliverer.dropWaiting()
            }
        }
        XCTAssertEqual(deliverer.delivered.value, [1])
        XCTAssertFalse(deliverer.isDelivering)
        deliverer.send(4)
        XCTAssertEqual(deliverer.delivered.value, [1, 4])
    }

    /// One item per step (observe(on:)): the role stays with the stepping caller while items
    /// wait, and is given up with the last.
    func testDeliverOneKeepsTheRoleWhileItemsWait() {
        let deliverer = Deliverer()
        XCTAssertTrue(deliverer.withDeliveryQueue { $0.enqueue(1) })
        deliverer.withDeliveryQueue { $0.append(2) }
        XCTAssertTrue(deliverer.deliverOne(), "2 waits")
        XCTAssertTrue(deliverer.isDelivering)
        XCTAssertFalse(deliverer.deliverOne(), "nothing waits")
        XCTAssertFalse(deliverer.isDelivering)
        XCTAssertEqual(deliverer.delivered.value, [1, 2])
    }

    /// A terminal event decided while another thread delivers is delivered after everything
    /// decided before it, and nothing after it (a `LockedSink`: merge of two threads' sources).
    func testATerminalDecidedDuringADrainComesLast() {
        for _ in 0..<50 {
            let first = PublishSubject<Int>()
            let second = PublishSubject<Int>()
            let observer = SerialRecorder<Int>()
            let subscription = Observable.merge(first, second).subscribe(observer)
            runConcurrently(2) { thread in
                if thread == 0 {
                    for value in 0..<500 { first.onNext(value) }
                    first.onCompleted()
                } else {
                    for value in 1_000..<1_500 { second.onNext(value) }
                    second.onCompleted()
                }
            }
            XCTAssertEqual(observer.elements.count, 1_000)
            XCTAssertEqual(observer.terminals, ["completed"])
            XCTAssertFalse(observer.overlapped)
            subscription.dispose()
        }
    }

    /// A user callback that throws while the deliverer drains what was queued (combineLatest's
    /// selector, re-entrantly fed from downstream) fails the sequence once: nothing is delivered
    /// after the error, and the sources are disposed.
    func testAnErrorThrownByAUserCallbackMidDrainEndsTheSequenceOnce() {
        let source = PublishSubject<Int>()
        let other = BehaviorSubject(value: 0)
        var events: [String] = []
        let subscription = Observable.combineLatest(source, other) { value, _ -> Int in
            if value == 3 { throw TestError.boom }
            return value
        }
        .subscribe(
            onNext: { value in
                events.append("next \(value)")
                // Decided during this delivery: queued behind it, combined by the drain.
                if value == 1 {
                    source.onNext(2)
                    source.onNext(3)
                    source.onNext(4)
                }
            },
            onError: { _ in events.append("error") })
        source.onNext(1)
        XCTAssertEqual(events, ["next 1", "next 2", "error"])
        XCTAssertFalse(source.hasObservers, "the sources are disposed after the error")
        XCTAssertFalse(other.hasObservers)
        subscription.dispose()
    }
}

private enum TestError: Error { case boom }

/// A `SerialDeliverer` recording what it delivers: the primitive's own loop, no copy of it.
private final class Deliverer: SerialDeliverer, @unchecked Sendable {
    // @unchecked Sendable: `queue` is guarded by `lock`; the counters are atomic or boxed;
    // `reaction` is set before the threads start.
    private let lock = Lock()
    private var queue = DeliveryQueue<Int>()
    let delivered = LockedBox<[Int]>([])
    private let depth = Atomic<Int>(0)
    let maxDepth = Atomic<Int>(0)
    private var reaction: ((Int) -> Void)?

    var isDelivering: Bool { lock.withLock { queue.isDelivering } }

    func send(_ value: Int, reaction: ((Int) -> Void)? = nil) {
        if let reaction { self.reaction = reaction }
        guard lock.withLock({ queue.enqueue(value) }) else { return }
        deliverWaiting()
    }

    /// Drops what waits, as an owner does when it is disposed.
    func dropWaiting() {
        lock.withLock { queue.removeAll() }
    }

    func withDeliveryQueue<R>(_ body: (inout DeliveryQueue<Int>) -> R) -> R {
        lock.withLock { body(&queue) }
    }

    func deliver(_ item: Int) {
        let now = depth.add(1, ordering: .acquiringAndReleasing).newValue
        maxDepth.max(now, ordering: .relaxed)
        delivered.mutate { $0.append(item) }
        reaction?(item)
        depth.subtract(1, ordering: .acquiringAndReleasing)
    }
}
