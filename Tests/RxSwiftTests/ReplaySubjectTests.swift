import RxSwift
import TestSupport
import RxTest
import XCTest

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
}
