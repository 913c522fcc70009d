import Foundation
import RxSwift
import RxTest
import Testing

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
}
