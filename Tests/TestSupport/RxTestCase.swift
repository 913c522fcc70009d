import Foundation
import RxSwift
import XCTest

/// The base of every test case: checks that each test releases every internal resource it made.
open class RxTestCase: TimeLimitedTestCase {
    private var resourcesAtStart: Int32 = 0

    /// Reads the count before `setUp`, so that a subclass's `setUp` that does not call `super`
    /// cannot skip it (a skipped reading would compare against 0).
    override open func invokeTest() {
        resourcesAtStart = Resources.total
        super.invokeTest()
    }

    override open func tearDown() {
        // Real-thread tests can finish while a dispatch work item that already delivered its last
        // event is still returning and releasing its stage; give such work a bounded moment.
        // Virtual-time tests match at once and never wait.
        let deadline = Date().addingTimeInterval(2)
        // On the main thread, run the main run loop meanwhile: work queued on the main queue
        // (MainScheduler hops) completes there.
        while Resources.total != resourcesAtStart && Date() < deadline {
            if Thread.isMainThread {
                RunLoop.main.run(until: Date().addingTimeInterval(0.001))
            } else {
                usleep(1_000)
            }
        }
        XCTAssertEqual(Resources.total, resourcesAtStart, "internal resources leaked (Resources.total)")
        super.tearDown()
    }
}

/// An error for tests.
public enum TestError: Error, Equatable {
    case test
    case other
}

public let testError = TestError.test
