import Foundation
import RxSwift
import RxTest
import Testing

/// Keeps a subscription alive past a test, as a leak does.
private final class Kept: @unchecked Sendable {
    // @unchecked Sendable: `subscription` is read and written only under `lock`.
    private let lock = NSLock()
    private var subscription: Disposable?

    func keep(_ subscription: Disposable) { lock.withLock { self.subscription = subscription } }

    func release() {
        let subscription = lock.withLock { () -> Disposable? in
            defer { self.subscription = nil }
            return self.subscription
        }
        subscription?.dispose()
    }
}

/// The `.noLeakedSubscriptions` trait (Sources/RxTest/NoLeakedSubscriptions.swift).
// Serialized: one test traces its chain, and the recording (RxTrace) is the process's, which
// the others' failure messages read.
@Suite(.noLeakedSubscriptions, .timeLimit(.minutes(1)), .serialized) struct NoLeakedSubscriptionsTests {
    @Test func aTestThatDisposesPasses() {
        let subject = PublishSubject<Int>()
        let subscription = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
        subject.onNext(1)
        subscription.dispose()
    }

    /// The trait, applied by hand inside `withKnownIssue`, records the leak of its body.
    @Test func aLeakIsRecordedWithItsCount() async throws {
        let kept = Kept()
        let issues = try await CapturedIssues.during {
            try await NoLeakedSubscriptionsTrait.noLeakedSubscriptions(timeout: .milliseconds(10)).provideScope(
                for: Test.current!, testCase: Test.Case.current
            ) {
                let subscription = PublishSubject<Int>().subscribe(onNext: { _ in })
                kept.keep(subscription)
            }
        }
        #expect(issues.count == 1)
        #expect(issues.first?.hasPrefix("1 of the library's objects made by this test is still alive") == true)
        #expect(issues.first?.contains(": ClosureObserver<Int> ×1.") == true, "\(issues)")
        #expect(issues.first?.contains("To see where they were made, trace the chain") == true, "\(issues)")
        kept.release()
    }

    /// A leaked subscription of a traced chain is named in the failure, with where it was traced.
    @Test func aLeakedTracedSubscriptionIsLocated() async throws {
        let kept = Kept()
        let line = #line + 6
        let issues = try await CapturedIssues.during {
            try await NoLeakedSubscriptionsTrait.noLeakedSubscriptions(timeout: .milliseconds(10)).provideScope(
                for: Test.current!, testCase: Test.Case.current
            ) {
                let subject = PublishSubject<Int>()
                kept.keep(subject.map { $0 + 1 }.trace("kept").subscribe(onNext: { _ in }))
            }
        }
        let place = "RxTestTests/NoLeakedSubscriptionsTests.swift:\(line)"
        #expect(issues.count == 1)
        #expect(
            issues.first?.contains(
                "Recorded subscriptions still alive (RxTrace.liveSubscriptions()): #"
            ) == true, "\(issues)")
        #expect(issues.first?.contains("trace “kept” (traced at \(place)); #") == true, "\(issues)")
        #expect(issues.first?.contains("map (traced at \(place))") == true, "\(issues)")
        kept.release()
    }

    /// The trait waits for work still finishing when the test ends: a subscription another
    /// thread disposes a moment after the body returned is not a leak. (The other thread waits
    /// for the body to end, then 200 ms, real time: the work under test is a real-time wait.)
    @Test func workStillFinishingAfterTheTestIsWaitedFor() async throws {
        let kept = Kept()
        let bodyEnded = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        let issues = try await CapturedIssues.during {
            try await NoLeakedSubscriptionsTrait.noLeakedSubscriptions(timeout: .seconds(20)).provideScope(
                for: Test.current!, testCase: Test.Case.current
            ) {
                kept.keep(PublishSubject<Int>().subscribe(onNext: { _ in }))
                Thread.detachNewThread {
                    bodyEnded.wait()
                    Thread.sleep(forTimeInterval: 0.2)
                    kept.release()
                    released.signal()
                }
                bodyEnded.signal()
            }
        }
        #expect(issues.isEmpty, "\(issues)")
        released.wait()
    }

    /// A test that ends while an async closure's task sleeps on a TestScheduler's clock leaves
    /// the task's subscription alive; the failure says why and what to do.
    @Test func aTaskAsleepOnTheVirtualClockIsNamedAsTheCause() async throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let clock = scheduler.asyncClock
        let kept = Kept()
        let issues = try await CapturedIssues.during {
            try await NoLeakedSubscriptionsTrait.noLeakedSubscriptions(timeout: .milliseconds(10)).provideScope(
                for: Test.current!, testCase: Test.Case.current
            ) {
                let answers = Observable.just("a").flatMapLatest { query in
                    try await clock.sleep(for: .milliseconds(500))
                    return query
                }
                kept.keep(answers.subscribe(onNext: { _ in }))
                await scheduler.advanceSettling(to: 100)
            }
        }
        #expect(issues.count == 1)
        #expect(
            issues.first?.contains(
                "1 task is asleep on a TestScheduler's clock, waiting for a virtual time the test never reached")
                == true,
            "\(issues)")
        // Wakes the task, which delivers and ends; the subscription goes.
        scheduler.advanceTo(1000)
        kept.release()
    }

    /// Two scopes at once, as two tests running in parallel: each counts only its own objects.
    @Test func scopesCountOnlyTheirOwnObjects() async {
        #if DEBUG
        let leaking = ResourceScope()
        let clean = ResourceScope()
        let kept = Kept()
        async let first: Void = ResourceScope.$current.withValue(leaking) {
            let subscription = PublishSubject<Int>().subscribe(onNext: { _ in })
            kept.keep(subscription)
        }
        async let second: Void = ResourceScope.$current.withValue(clean) {
            let subject = BehaviorSubject(value: 1)
            subject.subscribe(onNext: { _ in }).dispose()
        }
        _ = await (first, second)
        #expect(leaking.live > 0)
        #expect(clean.live == 0)
        kept.release()
        #expect(leaking.live == 0)
        #endif
    }
}
