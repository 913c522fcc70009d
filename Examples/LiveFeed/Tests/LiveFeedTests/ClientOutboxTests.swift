import XCTest

@testable import LiveFeedCore

/// The buffer between a client's pipeline and its connection.
final class ClientOutboxTests: XCTestCase {
    func testWhatArrivedSinceTheLastWriteIsOneBatchThenTheEnd() async {
        let outbox = ClientOutbox(limit: 100)
        outbox.append("a")
        outbox.append("b")
        let first = await outbox.next()
        XCTAssertEqual(first, .text("ab"))
        let waiting = Task { await outbox.next() }
        outbox.append("c")
        let second = await waiting.value
        XCTAssertEqual(second, .text("c"))
        outbox.append("d")
        outbox.finish()
        outbox.append("ignored after the end")
        let third = await outbox.next()
        let last = await outbox.next()
        XCTAssertEqual([third, last], [.text("d"), .end(overflowed: false)])
    }

    func testMoreThanTheLimitEndsTheStreamMarkedOverflowedAndDropsNothingSilently() async {
        let outbox = ClientOutbox(limit: 10)
        outbox.append("12345")
        outbox.append("67890")
        outbox.append("x")
        let batch = await outbox.next()
        XCTAssertEqual(batch, .end(overflowed: true))
    }

    func testAWriterWhoseTaskIsCancelledGetsTheEnd() async {
        let outbox = ClientOutbox(limit: 10)
        let waiting = Task { await outbox.next() }
        waiting.cancel()
        let batch = await waiting.value
        XCTAssertEqual(batch, .end(overflowed: false))
    }
}
