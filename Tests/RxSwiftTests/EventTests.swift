import RxSwift
import RxTest
import TestSupport
import XCTest

final class EventTests: RxTestCase {
    func testProperties() {
        let next = Event<Int>.next(1)
        let error = Event<Int>.error(testError)
        let completed = Event<Int>.completed
        XCTAssertEqual(next.element, 1)
        XCTAssertNil(completed.element)
        XCTAssertFalse(next.isStopEvent)
        XCTAssertTrue(error.isStopEvent)
        XCTAssertTrue(completed.isStopEvent)
        XCTAssertTrue(completed.isCompleted)
        XCTAssertFalse(error.isCompleted)
        XCTAssertEqual(error.error as? TestError, .test)
        XCTAssertNil(next.error)
    }

    func testMapTransformsElementsAndTurnsThrowsIntoErrors() {
        XCTAssertEqual(Event.next(2).map { $0 * 3 }, .next(6))
        XCTAssertEqual(Event<Int>.completed.map { $0 * 3 }, .completed)
        XCTAssertEqual(Event.next(2).map { (_: Int) -> Int in throw testError }, .error(testError))
    }

    func testDescriptions() {
        XCTAssertEqual(Event.next(1).debugDescription, "next(1)")
        XCTAssertEqual(Event<Int>.completed.debugDescription, "completed")
        XCTAssertEqual(RxError.noElements.description, "Sequence doesn't contain any elements.")
        XCTAssertEqual(RxError.timeout.debugDescription, "Sequence timeout.")
    }
}
