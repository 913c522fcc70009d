import Foundation
import TestSupport
import XCTest

@testable import RxSwift

/// Re-entrancy as RxSwift users rely on it: a value sent into a subject from inside one of its
/// subscribers, during `subscribe`'s replay or during a broadcast, is delivered on the same
/// thread before the outer call returns (`SubjectReplay.swift`, `SubjectCore.swift`).
final class SubjectReplayTests: TimeLimitedTestCase {
    /// The subscriber feeds the subject from its own callback; `subject` is built by `make`.
    private func countUp<S: SubjectType & ObserverType>(
        _ subject: S, sendFirst: Bool, file: StaticString = #filePath, line: UInt = #line
    ) where S.Element == Int, S.Observer.Element == Int {
        let caller = Thread.current
        var received: [Int] = []
        var onOtherThreads = 0
        let subscription = subject.subscribe(onNext: { value in
            received.append(value)
            if Thread.current != caller { onOtherThreads += 1 }
            if value < 5 { subject.onNext(value + 1) }
        })
        if sendFirst { subject.onNext(0) }
        XCTAssertEqual(
            received, [0, 1, 2, 3, 4, 5], "delivered before the outer call returned", file: file, line: line)
        XCTAssertEqual(onOtherThreads, 0, "every value on the calling thread", file: file, line: line)
        subscription.dispose()
    }

    func testBehaviorSubjectReentrantSendsDuringTheReplayAreDeliveredSynchronously() {
        countUp(BehaviorSubject(value: 0), sendFirst: false)
    }

    func testReplaySubjectReentrantSendsDuringTheReplayAreDeliveredSynchronously() {
        let subject = ReplaySubject<Int>.create(bufferSize: 1)
        subject.onNext(0)
        countUp(subject, sendFirst: false)
    }

    func testPublishSubjectReentrantSendsDuringABroadcastAreDeliveredSynchronously() {
        countUp(PublishSubject<Int>(), sendFirst: true)
    }

    func testBehaviorSubjectReentrantSendsDuringABroadcastAreDeliveredSynchronously() {
        let subject = BehaviorSubject(value: -1)
        var received: [Int] = []
        _ = subject.subscribe(onNext: { value in
            received.append(value)
            if value >= 0 && value < 5 { subject.onNext(value + 1) }
        })
        subject.onNext(0)
        XCTAssertEqual(received, [-1, 0, 1, 2, 3, 4, 5])
    }

    /// Another thread sends more than `ReplayBacklog.otherThreadsLimit` elements and the
    /// completion while a subscriber's replay is under way, then nothing more: the subject has
    /// ended, so no later send could deliver what was held back; the subscribing thread
    /// delivers it all, the completion last, before `subscribe` returns.
    func testEverythingHeldBackIsDeliveredWhenTheSubjectEndedDuringTheReplay() {
        let subject = BehaviorSubject(value: 0)
        let replaying = DispatchSemaphore(value: 0)
        let sent = DispatchSemaphore(value: 0)
        let received = LockedBox<[Int]>([])
        let completed = LockedBox(false)
        let subscription = SerialDisposable()
        let subscribed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            subscription.disposable = subject.subscribe(
                onNext: { value in
                    received.mutate { $0.append(value) }
                    if value == 0 {
                        replaying.signal()
                        sent.wait()
                    }
                },
                onCompleted: { completed.mutate { $0 = true } })
            subscribed.signal()
        }
        replaying.wait()
        let count = ReplayBacklog.otherThreadsLimit + 36
        for value in 1...count { subject.onNext(value) }
        subject.onCompleted()
        sent.signal()
        XCTAssertEqual(subscribed.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(received.value, Array(0...count))
        XCTAssertTrue(completed.value)
        subscription.dispose()
    }

    /// Many re-entrant sends during the replay: the subscribing thread delivers all of its own,
    /// whatever the limit on other threads' events.
    func testAllOfTheSubscribingThreadsOwnSendsAreDelivered() {
        let subject = BehaviorSubject(value: 0)
        var received = 0
        _ = subject.subscribe(onNext: { value in
            received += 1
            if value < 1_000 { subject.onNext(value + 1) }
        })
        XCTAssertEqual(received, 1_001)
    }

    /// Two subscribers, one of them replaying: the re-entrant value reaches both, after the
    /// replay, in order, and the later one only once.
    func testAReentrantSendDuringAReplayReachesEverySubscriberOnce() {
        let subject = BehaviorSubject(value: 0)
        var first: [Int] = []
        var second: [Int] = []
        _ = subject.subscribe(onNext: { first.append($0) })
        _ = subject.subscribe(onNext: { value in
            second.append(value)
            if value == 0 { subject.onNext(1) }
        })
        XCTAssertEqual(first, [0, 1])
        XCTAssertEqual(second, [0, 1])
    }

    /// A subscription that ends inside its own replay (`take(1)`) gets nothing more and leaves
    /// the subject; the value it sent still reaches the other subscriber.
    func testEndingDuringTheReplayStopsIt() {
        let subject = BehaviorSubject(value: 0)
        var other: [Int] = []
        let first = subject.subscribe(onNext: { other.append($0) })
        var received: [Int] = []
        let subscription = subject.take(1).subscribe(onNext: { value in
            received.append(value)
            subject.onNext(value + 1)
        })
        XCTAssertEqual(received, [0])
        XCTAssertEqual(other, [0, 1])
        first.dispose()
        XCTAssertFalse(subject.hasObservers, "the ended subscription left the subject")
        subscription.dispose()
    }

    /// A value another thread sends while the subscriber replays is delivered once, after the
    /// replay, by one of the two threads: the subscriber's callbacks never run on a thread of the
    /// library's own.
    func testAnotherThreadsValueDuringTheReplayIsDeliveredByOneOfTheTwoThreads() {
        for _ in 0..<50 {
            let subject = BehaviorSubject(value: 0)
            let replaying = DispatchSemaphore(value: 0)
            let sent = DispatchSemaphore(value: 0)
            let threads = LockedBox<[UInt]>([])
            let deliveredOn = LockedBox<[UInt]>([])
            let received = LockedBox<[Int]>([])
            runConcurrently(2) { thread in
                threads.mutate { $0.append(UInt(pthread_self())) }
                if thread == 0 {
                    _ = subject.subscribe(onNext: { value in
                        deliveredOn.mutate { $0.append(UInt(pthread_self())) }
                        received.mutate { $0.append(value) }
                        if value == 0 {
                            replaying.signal()
                            sent.wait()
                        }
                    })
                } else {
                    replaying.wait()
                    subject.onNext(1)
                    sent.signal()
                }
            }
            XCTAssertEqual(received.value, [0, 1])
            XCTAssertTrue(Set(deliveredOn.value).isSubset(of: threads.value), "a callback ran on another thread")
        }
    }

    /// A replay that ends while another thread is delivering the subject's events is handed to
    /// that thread, queued behind its delivery: what was held back for the new subscriber reaches
    /// it from the delivering thread, before anything sent later, and also when nothing more is
    /// sent. Each step waits for the one before it (semaphores), so the interleaving is certain.
    func testAReplayHandedToTheDeliveringThreadIsQueuedBehindItsDelivery() {
        for sendsMore in [false, true] {
            let subject = BehaviorSubject(value: 0)
            let replaying = DispatchSemaphore(value: 0)
            let replayMayEnd = DispatchSemaphore(value: 0)
            let delivering = DispatchSemaphore(value: 0)
            let deliveryMayGo = DispatchSemaphore(value: 0)
            let subscribed = DispatchSemaphore(value: 0)
            let received = LockedBox<[Int]>([])
            let receivedOn = LockedBox<[UInt]>([])
            let roles = LockedBox<[Int: UInt]>([:])
            let subscriptions = CompositeDisposable()
            @Sendable func pass(_ semaphore: DispatchSemaphore, _ what: String) {
                if semaphore.wait(timeout: .now() + 10) == .timedOut { XCTFail("timed out waiting for \(what)") }
            }
            runConcurrently(3) { role in
                roles.mutate { $0[role] = UInt(pthread_self()) }
                switch role {
                case 0:
                    // The new subscriber: its replay (0) blocks until the other thread delivers.
                    let subscription = subject.subscribe(onNext: { value in
                        received.mutate { $0.append(value) }
                        receivedOn.mutate { $0.append(UInt(pthread_self())) }
                        if value == 0 {
                            replaying.signal()
                            pass(replayMayEnd, "the end of the replay")
                        }
                    })
                    _ = subscriptions.insert(subscription)
                    subscribed.signal()
                case 1:
                    // The delivering thread: a later subscriber blocks its delivery of 1, which
                    // reached the replaying subscriber first (held back for it).
                    pass(replaying, "the replay")
                    let subscription = subject.subscribe(onNext: { value in
                        if value == 1 {
                            delivering.signal()
                            pass(deliveryMayGo, "the delivery")
                        }
                    })
                    _ = subscriptions.insert(subscription)
                    subject.onNext(1)
                default:
                    pass(delivering, "the delivery of 1")
                    if sendsMore { subject.onNext(2) }
                    replayMayEnd.signal()
                    pass(subscribed, "subscribe to return")
                    deliveryMayGo.signal()
                }
            }
            let expected = sendsMore ? [0, 1, 2] : [0, 1]
            XCTAssertEqual(received.value, expected, "sendsMore: \(sendsMore)")
            let threads = roles.value
            XCTAssertEqual(
                receivedOn.value, [threads[0]!] + Array(repeating: threads[1]!, count: expected.count - 1),
                "the replay on the subscribing thread, what was held back on the delivering one")
            subscriptions.dispose()
        }
    }
}
