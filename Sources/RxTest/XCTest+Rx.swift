import RxSwift
import XCTest

/// Asserts that two event arrays are equal, printing both on failure.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Event<Element>], _ rhs: [Event<Element>], file: StaticString = #filePath, line: UInt = #line
) {
    if lhs == rhs { return }
    XCTFail("Events differ:\n  actual:   \(lhs)\n  expected: \(rhs)", file: file, line: line)
}

/// Asserts that two arrays of `Single` events are equal (errors compared as for `Event`),
/// printing both on failure.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [SingleEvent<Element>], _ rhs: [SingleEvent<Element>], file: StaticString = #filePath, line: UInt = #line
) {
    if lhs.count == rhs.count && zip(lhs, rhs).allSatisfy({ singleEventsMatch($0, $1) }) { return }
    XCTFail("Events differ:\n  actual:   \(lhs)\n  expected: \(rhs)", file: file, line: line)
}

/// Asserts that two arrays of `Maybe` events are equal, printing both on failure.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [MaybeEvent<Element>], _ rhs: [MaybeEvent<Element>], file: StaticString = #filePath, line: UInt = #line
) {
    if lhs == rhs { return }
    XCTFail("Events differ:\n  actual:   \(lhs)\n  expected: \(rhs)", file: file, line: line)
}

/// Asserts that two arrays of `Completable` events are equal, printing both on failure.
public func XCTAssertEqual(
    _ lhs: [CompletableEvent], _ rhs: [CompletableEvent], file: StaticString = #filePath, line: UInt = #line
) {
    if lhs == rhs { return }
    XCTFail("Events differ:\n  actual:   \(lhs)\n  expected: \(rhs)", file: file, line: line)
}

/// Asserts that two recorded event arrays are equal (same events at the same times).
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Recorded<Event<Element>>], _ rhs: [Recorded<Event<Element>>], file: StaticString = #filePath,
    line: UInt = #line
) {
    if lhs == rhs { return }
    XCTFail("Recorded events differ:\n  actual:   \(lhs)\n  expected: \(rhs)", file: file, line: line)
}

/// Asserts that two recorded event arrays of optionals are equal.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Recorded<Event<Element?>>], _ rhs: [Recorded<Event<Element?>>], file: StaticString = #filePath,
    line: UInt = #line
) {
    if lhs == rhs { return }
    XCTFail("Recorded events differ:\n  actual:   \(lhs)\n  expected: \(rhs)", file: file, line: line)
}

/// Asserts that the elements of the recorded `next` events are `elements`, ignoring times and
/// requiring no error among them.
public func XCTAssertRecordedElements<Element: Equatable>(
    _ stream: [Recorded<Event<Element>>], _ elements: [Element], file: StaticString = #filePath, line: UInt = #line
) {
    var recorded: [Element] = []
    for event in stream {
        switch event.value {
        case .next(let element): recorded.append(element)
        case .error(let error):
            XCTFail("Unexpected error \(error) at \(event.time)", file: file, line: line)
            return
        case .completed: break
        }
    }
    XCTAssertEqual(recorded, elements, file: file, line: line)
}
