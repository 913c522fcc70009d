import TestSupport
import XCTest

@testable import RxSwift

/// The stage's state word (`Stage.state`): attach, dispose and terminal events in every order.
final class StageTests: TimeLimitedTestCase {
    /// Records what happens to a stage and its upstream, in order.
    private final class Log: @unchecked Sendable {
        // @unchecked Sendable: used on one thread.
        var entries: [String] = []
    }

    private final class ProbeSink: Sink<Int, Int>, @unchecked Sendable {
        // @unchecked Sendable: used on one thread.
        let log: Log
        init(log: Log, downstream: Link) {
            self.log = log
            super.init(downstream: downstream)
        }
        override func receiveNext(_ element: Int) { forwardNext(element) }
        override func disposeResources() { log.entries.append("resources") }
    }

    private final class ProbeReceiver: Receiver<Int>, @unchecked Sendable {
        // @unchecked Sendable: used on one thread.
        let log: Log
        var onCompleted: () -> Void = {}
        init(log: Log) { self.log = log }
        override func receiveNext(_ element: Int) { log.entries.append("next \(element)") }
        override func receiveCompleted() {
            log.entries.append("completed")
            onCompleted()
        }
        override func receiveError(_ error: Swift.Error) { log.entries.append("error") }
    }

    private func upstream(_ log: Log) -> Disposable {
        Disposables.create { log.entries.append("upstream disposed") }
    }

    func testDisposeAfterAttachDisposesUpstreamThenResourcesOnce() {
        let log = Log()
        let sink = ProbeSink(log: log, downstream: ProbeReceiver(log: log))
        sink.attach(upstream(log))
        XCTAssertFalse(sink.isDisposed)
        sink.dispose()
        sink.dispose()
        XCTAssertTrue(sink.isDisposed)
        XCTAssertEqual(log.entries, ["upstream disposed", "resources"])
    }

    func testDisposeBeforeAttachLeavesTheCleanUpToAttach() {
        let log = Log()
        let sink = ProbeSink(log: log, downstream: ProbeReceiver(log: log))
        sink.dispose()
        XCTAssertTrue(sink.isDisposed)
        XCTAssertEqual(log.entries, [], "resources wait for upstream, which is disposed first")
        sink.attach(upstream(log))
        XCTAssertEqual(log.entries, ["upstream disposed", "resources"])
    }

    func testTerminalEventBeforeAttachDisposesUpstreamAtAttach() {
        let log = Log()
        let sink = ProbeSink(log: log, downstream: ProbeReceiver(log: log))
        sink.receiveNext(1)
        sink.receiveCompleted()
        sink.receiveNext(2)
        XCTAssertEqual(log.entries, ["next 1", "completed"])
        sink.attach(upstream(log))
        XCTAssertEqual(log.entries, ["next 1", "completed", "upstream disposed", "resources"])
    }

    func testTerminalEventAfterAttachDeliversThenCleansUp() {
        let log = Log()
        let sink = ProbeSink(log: log, downstream: ProbeReceiver(log: log))
        sink.attach(upstream(log))
        sink.receiveError(TestError.boom)
        sink.receiveCompleted()
        sink.dispose()
        XCTAssertEqual(log.entries, ["error", "upstream disposed", "resources"])
    }

    /// A disposal from downstream while the terminal event travels disposes upstream at once,
    /// before downstream's own clean-up continues (RxSwift's order).
    func testDisposalDuringTheTerminalEventDisposesUpstreamAtOnce() {
        let log = Log()
        let receiver = ProbeReceiver(log: log)
        let sink = ProbeSink(log: log, downstream: receiver)
        receiver.onCompleted = {
            sink.dispose()
            log.entries.append("downstream continues")
        }
        sink.attach(upstream(log))
        sink.receiveCompleted()
        XCTAssertEqual(log.entries, ["completed", "upstream disposed", "resources", "downstream continues"])
    }

    private enum TestError: Swift.Error { case boom }
}
