import RxSwift
import Testing

/// A Swift Testing trait that fails a test which leaves the library's objects alive (a
/// subscription not disposed, a sequence kept by one): `@Test(.noLeakedSubscriptions)`, or on a
/// suite for each of its tests. It counts only what the test itself made (in its task, the tasks
/// that inherit its task-local values, and synchronous calls from them), so tests running in
/// parallel do not disturb each other's counts, as `Resources.total` (process-wide) would.
/// Objects that a scheduler's thread makes on the test's behalf (an `observe(on:)` stage
/// subscribed there) are not counted. After the test, it waits up to `timeout` for work still
/// finishing on other threads to release what it holds. The failure names the live objects by
/// type (`MapSink<Int, Int> ×1`), and says when a task started by an `async` operator is asleep on
/// a `TestScheduler`'s clock, waiting for a virtual time the test never reached (that task keeps
/// its subscription alive until it ends: advance the scheduler past it, or dispose first). Debug
/// builds only, as `Resources.total`; in release builds it checks nothing.
public struct NoLeakedSubscriptionsTrait: TestTrait, SuiteTrait, TestScoping {
    /// How long to wait after the test for objects still being released.
    public let timeout: Duration

    /// Applied to each test of a suite it is attached to.
    public var isRecursive: Bool { true }

    /// Runs `function` in a scope of its own and records an issue if objects made there are
    /// still alive after `timeout`.
    ///
    /// - Parameters:
    ///   - test: The test (or suite) the trait applies to.
    ///   - testCase: The test's case; `nil` for a suite.
    ///   - function: The test's body.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        #if DEBUG
        guard testCase != nil || !test.isSuite else { return try await function() }
        let scope = ResourceScope()
        try await ResourceScope.$current.withValue(scope) { try await function() }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while scope.live != 0 && clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        let live = scope.live
        if live != 0 {
            let types = scope.liveTypes.map { "\($0.name) ×\($0.count)" }.joined(separator: ", ")
            let verb = live == 1 ? "is" : "are"
            let asleep = scope.asleep
            let sleepers =
                asleep == 0
                ? ""
                : " \(asleep) task\(asleep == 1 ? " is" : "s are") asleep on a TestScheduler's clock, waiting for a virtual time the test never reached: an async closure's task keeps its subscription alive until it ends, so advance the scheduler past it (or dispose the subscriptions) before the test ends."
            let traced = RxTrace.liveSubscriptions()
            let located =
                traced.isEmpty
                ? " To see where they were made, trace the chain (`.trace(\"name\")`): the recorded ones still alive are then listed here."
                : " Recorded subscriptions still alive (RxTrace.liveSubscriptions()): "
                    + traced.map(\.description).joined(separator: "; ") + "."
            recordIssue(
                "\(live) of the library's objects made by this test \(verb) still alive \(timeout) after it ended (a subscription not disposed, a sequence kept alive, or work still scheduled on a scheduler the test keeps): \(types).\(sleepers)\(located)",
                at: test.sourceLocation)
        }
        #else
        try await function()
        #endif
    }
}

extension Trait where Self == NoLeakedSubscriptionsTrait {
    /// Fails the test if objects it made (subscriptions, sequences) are still alive after it;
    /// see ``NoLeakedSubscriptionsTrait``.
    public static var noLeakedSubscriptions: Self { NoLeakedSubscriptionsTrait(timeout: .seconds(2)) }

    /// Fails the test if objects it made are still alive `timeout` after it.
    ///
    /// - Parameter timeout: How long to wait for work still finishing on other threads.
    public static func noLeakedSubscriptions(timeout: Duration) -> Self { NoLeakedSubscriptionsTrait(timeout: timeout) }
}
