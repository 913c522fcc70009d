import RxSwift
import RxTest
import XCTest

/// The base of every test case: checks that each test releases every internal resource it made.
class RxTestCase: XCTestCase {
    private var resourcesAtStart = 0

    override func setUp() {
        super.setUp()
        resourcesAtStart = Resources.total
    }

    override func tearDown() {
        XCTAssertEqual(Resources.total, resourcesAtStart, "internal resources leaked (Resources.total)")
        super.tearDown()
    }
}

/// An error for tests.
enum TestError: Error, Equatable {
    case test
    case other
}

let testError = TestError.test
