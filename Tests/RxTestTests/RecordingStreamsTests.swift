import Foundation
import RxSwift
import RxTest
import Synchronization
import Testing

/// How many tests with the trait are inside their recording scope now.
private let recordingNow = Atomic<Int>(0)

/// The `.recordingStreams` trait (Sources/RxTest/RecordingStreams.swift). Run by
/// `scripts/trace-page.sh` (in CI), which asks for the attachments (`--attachments-path`) and
/// checks them; skipped in the suite's ordinary runs, where other suites running at the same
/// time use the process's recording too.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["OPENRX_CHECK_ATTACHMENTS"] == "1"))
struct RecordingStreamsTests {
    /// The test's traced chain is recorded, on virtual time, and attached when the test ends.
    @Test(.recordingStreams) func aTracedChainIsAttachedToItsTest() {
        let scheduler = TestScheduler(initialClock: 0)
        scheduler.traceOnVirtualTime()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let observer = scheduler.start { xs.map { $0 * 10 }.trace("attached") }
        #expect(observer.events == [.next(210, 10), .next(220, 20), .completed(230)])
        #expect(RxTrace.recording().stages.map(\.kind) == ["trace", "map", "create"])
    }

    /// Two tests with the trait in this suite, which runs its tests in parallel: they take turns
    /// (each waits, at most 200 ms, for the other to enter its scope too, which it can only do if
    /// the turns do not work), and each recording holds its own chain only.
    @Test(.recordingStreams, arguments: ["left", "right"])
    func parallelTestsRecordTheirOwnChains(name: String) async {
        recordingNow.add(1, ordering: .relaxed)
        defer { recordingNow.subtract(1, ordering: .relaxed) }
        let subject = PublishSubject<Int>()
        let subscription = subject.map { $0 + 1 }.trace(name).subscribe()
        let deadline = ContinuousClock.now + .milliseconds(200)
        while recordingNow.load(ordering: .relaxed) == 1 && ContinuousClock.now < deadline { await Task.yield() }
        #expect(recordingNow.load(ordering: .relaxed) == 1, "another recording test is running")
        subject.onNext(1)
        subscription.dispose()
        #expect(RxTrace.recording().stages.compactMap(\.name) == [name])
    }
}
