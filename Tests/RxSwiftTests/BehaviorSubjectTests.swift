import RxSwift
import RxTest
import Synchronization
import TestSupport
import XCTest

final class BehaviorSubjectTests: RxTestCase {
    func testReplaysCurrentValueThenLaterEvents() {
        let subject = BehaviorSubject(value: 0)
        var seen: [Int] = []
        subject.onNext(1)
        let subscription = subject.subscribe(onNext: { seen.append($0) })
        subject.onNext(2)
        XCTAssertEqual(seen, [1, 2])
        XCTAssertEqual(try subject.value(), 2)
        subscription.dispose()
    }

    func testValueAfterCompletionErrorAndDispose() {
        let completed = BehaviorSubject(value: 1)
        completed.onNext(2)
        completed.onCompleted()
        XCTAssertEqual(try completed.value(), 2)
        var events: [Event<Int>] = []
        _ = completed.subscribe { events.append($0) }
        XCTAssertEqual(events, [.completed], "after termination only the terminal event is replayed")

        let failed = BehaviorSubject(value: 1)
        failed.onError(testError)
        XCTAssertThrowsError(try failed.value()) { XCTAssertEqual($0 as? TestError, .test) }

        let disposed = BehaviorSubject(value: 1)
        disposed.dispose()
        XCTAssertThrowsError(try disposed.value()) { error in
            guard case RxError.disposed = error else { return XCTFail("expected disposed, got \(error)") }
        }
    }

    func testSubscriberFromAnotherThreadGetsValueSynchronouslyAndInOrder() {
        for _ in 0..<50 {
            let subject = BehaviorSubject(value: 0)
            let stop = Atomic<Bool>(false)
            let problems = LockedBox<[String]>([])
            runConcurrently(2) { thread in
                if thread == 0 {
                    for value in 1...2_000 { subject.onNext(value) }
                    stop.store(true, ordering: .releasing)
                } else {
                    while !stop.load(ordering: .acquiring) {
                        let received = LockedBox<[Int]>([])
                        let subscription = subject.subscribe(onNext: { value in received.mutate { $0.append(value) } })
                        if received.value.isEmpty { problems.mutate { $0.append("no synchronous replay") } }
                        subscription.dispose()
                        let seen = received.value
                        if seen != seen.sorted() || Set(seen).count != seen.count {
                            problems.mutate { $0.append("out of order or duplicated: \(seen)") }
                        }
                    }
                }
            }
            XCTAssertEqual(problems.value, [])
        }
    }

    /// A subscriber that joins while another thread broadcasts gets its replay, then every later
    /// element: consecutive values up to the last, then completion, none twice. (Broadcasts
    /// that arrive during the replay are held back and delivered after it.)
    func testSubscriberJoiningDuringBroadcastsMissesNothing() {
        for _ in 0..<50 {
            let subject = BehaviorSubject(value: 0)
            let received = LockedBox<[Int]>([])
            let completed = LockedBox<Int>(0)
            let subscription = SerialDisposable()
            runConcurrently(2) { thread in
                if thread == 0 {
                    for value in 1...2_000 { subject.onNext(value) }
                    subject.onCompleted()
                } else {
                    let made = subject.subscribe(
                        onNext: { value in received.mutate { $0.append(value) } },
                        onCompleted: { completed.mutate { $0 += 1 } })
                    subscription.disposable = made
                }
            }
            // Both threads have returned: everything was delivered by one of them.
            let seen = received.value
            XCTAssertEqual(completed.value, 1)
            if let first = seen.first { XCTAssertEqual(seen, Array(first...2_000)) }
            subscription.dispose()
        }
    }

    /// After completion the subject ignores `onNext`: neither its subscribers nor a later one
    /// (which gets the replay RxSwift gives it, then the completion) see the element.
    func testElementsAfterCompletionAreIgnored() {
        var seen: [String] = []
        let subject = BehaviorSubject(value: 0)
        _ = subject.subscribe(onNext: { seen.append("a\($0)") }, onCompleted: { seen.append("a|") })
        subject.onNext(1)
        subject.onCompleted()
        subject.onNext(2)
        _ = subject.subscribe(onNext: { seen.append("b\($0)") }, onCompleted: { seen.append("b|") })
        XCTAssertEqual(seen, ["a0", "a1", "a|", "b|"])
    }
    /// An element sent to the subject while it replays to a subscriber on the same thread reaches
    /// that subscriber after the replayed one (as an element sent from inside a delivery does),
    /// here once the source has completed the subject: `flatMap` subscribes to the ended subject for
    /// 6 and gets only its completion. RxSwift delivers 6 inside the replay ("Reentrancy anomaly")
    /// and its output has 606 too: the migration guide lists the difference.
    func testAnElementSentDuringAReplayComesAfterIt() {
        let shared = Observable.just(6).multicast(BehaviorSubject(value: -5)).refCount()
        var outer: [Int] = []
        let events = collect(shared.do(onNext: { outer.append($0) }).flatMap { v in shared.map { v * 100 + $0 } })
        XCTAssertEqual(outer, [-5, 6])
        XCTAssertEqual(events, [.next(-505), .next(-494), .completed])
    }

}
