import Foundation
import RxTest
import Synchronization
import TestSupport
import XCTest

@testable import RxSwift

final class ReplaySubjectTests: RxTestCase {
    func testReplaysBufferThenTerminalEvent() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        for value in 1...4 { subject.onNext(value) }
        var events: [Event<Int>] = []
        let live = subject.subscribe { events.append($0) }
        subject.onNext(5)
        XCTAssertEqual(events, [.next(3), .next(4), .next(5)])
        subject.onCompleted()
        var late: [Event<Int>] = []
        _ = subject.subscribe { late.append($0) }
        XCTAssertEqual(late, [.next(4), .next(5), .completed])
        live.dispose()
    }

    func testUnboundReplaysEverything() {
        let subject = ReplaySubject<Int>.createUnbounded()
        for value in 1...200 { subject.onNext(value) }
        var seen: [Int] = []
        _ = subject.subscribe(onNext: { seen.append($0) }).dispose()
        XCTAssertEqual(seen, Array(1...200))
    }

    /// A subscriber gets the replay the subject held when it subscribed, then what was sent
    /// during the replay, once each, in order: the memory the replay reads is not the one the
    /// subject goes on writing (a full ring overwritten in place, a growing one appended to).
    func testElementsSentDuringAReplayComeAfterIt() {
        for bufferSize in [2, 100] {
            let subject = ReplaySubject<Int>.create(bufferSize: bufferSize)
            for value in 1...3 { subject.onNext(value) }
            var received: [Int] = []
            let subscription = subject.subscribe(onNext: { value in
                received.append(value)
                if received.count == 1 {
                    subject.onNext(10)
                    subject.onNext(11)
                }
            })
            let replayed = bufferSize == 2 ? [2, 3] : [1, 2, 3]
            XCTAssertEqual(received, replayed + [10, 11], "bufferSize \(bufferSize)")
            subscription.dispose()
        }
    }

    func testABoundedReplayKeepsTheLatestInOrderAsItWraps() {
        let subject = ReplaySubject<String>.create(bufferSize: 3)
        var replays: [[String]] = []
        for value in 1...8 {
            subject.onNext("\(value)")
            var replay: [String] = []
            subject.subscribe(onNext: { replay.append($0) }).dispose()
            replays.append(replay)
        }
        XCTAssertEqual(
            replays,
            [
                ["1"], ["1", "2"], ["1", "2", "3"], ["2", "3", "4"], ["3", "4", "5"], ["4", "5", "6"], ["5", "6", "7"],
                ["6", "7", "8"],
            ])
    }

    func testZeroBufferReplaysNothing() {
        let subject = ReplaySubject<Int>.create(bufferSize: 0)
        subject.onNext(1)
        var seen: [Int] = []
        _ = subject.subscribe(onNext: { seen.append($0) }).dispose()
        XCTAssertEqual(seen, [])
    }

    func testDisposedSubjectRejectsSubscribers() {
        let subject = ReplaySubject<Int>.create(bufferSize: 1)
        subject.onNext(1)
        subject.dispose()
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }
        XCTAssertEqual(events.count, 1)
        XCTAssertNotNil(events.first?.error)
    }

    func testNegativeBufferSizeFailsWithArgumentOutOfRange() {
        let subject = ReplaySubject<Int>.create(bufferSize: -1)
        subject.onNext(1)
        XCTAssertEqual(collect(subject.asObservable()), [.error(RxError.argumentOutOfRange)])
    }

    /// A sender thread keeps sending while holding a lock the subscriber's closure also takes;
    /// subscribing must still return in bounded time, having delivered on the subscribing
    /// thread no more than the replay, and every subscriber must see its elements once and in
    /// order. (A subscribing thread that catches up on what arrived during its replay delivers
    /// more, and may never return; RxSwift 6.10 does not.)
    func testSubscribeReturnsWhileAnotherThreadKeepsSending() {
        let replay = ReplaySubject<Int>.create(bufferSize: 4)
        checkSubscribeReturns(replaying: 4, send: { replay.onNext($0) }, subscribe: { replay.subscribe(onNext: $0) })
        let behavior = BehaviorSubject(value: 0)
        checkSubscribeReturns(
            replaying: 1, send: { behavior.onNext($0) }, subscribe: { behavior.subscribe(onNext: $0) })
    }
}

/// Subscribes 100 times (keeping the last few subscriptions) while a sender thread keeps
/// sending under a lock that the subscriber's closure also takes; `replaying` plus what other
/// threads sent meanwhile, up to `ReplayBacklog.otherThreadsLimit`, is the most a subscription
/// may deliver on the subscribing thread (then the sender delivers the rest).
func checkSubscribeReturns(
    replaying: Int, send: @escaping @Sendable (Int) -> Void,
    subscribe: @escaping @Sendable (@escaping @Sendable (Int) -> Void) -> Disposable, file: StaticString = #filePath,
    line: UInt = #line
) {
    let userLock = NSRecursiveLock() // the sender delivers to subscribers while holding it
    // The lock is not fair: a sender that relocks at once could starve the subscribing thread
    // by itself, whatever the subject does. So the sender lets a waiting closure in first.
    let waiting = Atomic<Int>(0)
    let stop = Atomic<Bool>(false)
    let senderDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        var value = 1
        while !stop.load(ordering: .relaxed) {
            userLock.lock()
            send(value)
            userLock.unlock()
            while waiting.load(ordering: .acquiring) > 0 && !stop.load(ordering: .relaxed) { sched_yield() }
            value += 1
        }
        senderDone.signal()
    }
    let problems = LockedBox<[String]>([])
    let subscriberDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        Thread.current.name = "subscriber"
        var subscriptions: [Disposable] = []
        var seenByRound: [LockedBox<[Int]>] = []
        for round in 0..<100 {
            let seen = LockedBox<[Int]>([])
            let onSubscribingThread = LockedBox(0)
            seenByRound.append(seen)
            subscriptions.append(
                subscribe { value in
                    waiting.add(1, ordering: .releasing)
                    userLock.lock()
                    waiting.subtract(1, ordering: .releasing)
                    userLock.unlock()
                    seen.mutate { $0.append(value) }
                    if Thread.current.name == "subscriber" { onSubscribingThread.mutate { $0 += 1 } }
                })
            if onSubscribingThread.value > replaying + ReplayBacklog.otherThreadsLimit {
                problems.mutate {
                    $0.append("subscriber \(round): \(onSubscribingThread.value) elements delivered by subscribe")
                }
            }
            if subscriptions.count > 3 { subscriptions.removeFirst().dispose() }
        }
        subscriptions.forEach { $0.dispose() }
        for (round, seen) in seenByRound.enumerated() {
            let values = seen.value
            if zip(values, values.dropFirst()).contains(where: { $0 + 1 != $1 }) {
                problems.mutate { $0.append("subscriber \(round): lost, duplicated or out of order: \(values)") }
            }
        }
        subscriberDone.signal()
    }
    let finished = subscriberDone.wait(timeout: .now() + 20) == .success
    stop.store(true, ordering: .relaxed)
    senderDone.wait()
    XCTAssertTrue(finished, "subscribe did not return while another thread kept sending", file: file, line: line)
    if !finished { subscriberDone.wait() }
    XCTAssertEqual(problems.value, [], file: file, line: line)

    /// After completion the subject ignores `onNext`: neither its subscribers nor a later one
    /// (which gets the replay RxSwift gives it, then the completion) see the element.
    func testElementsAfterCompletionAreIgnored() {
        var seen: [String] = []
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        _ = subject.subscribe(onNext: { seen.append("a\($0)") }, onCompleted: { seen.append("a|") })
        subject.onNext(1)
        subject.onCompleted()
        subject.onNext(2)
        _ = subject.subscribe(onNext: { seen.append("b\($0)") }, onCompleted: { seen.append("b|") })
        XCTAssertEqual(seen, ["a1", "a|", "b1", "b|"])
    }
}
