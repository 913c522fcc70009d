import Dispatch
import Foundation
import XCTest

/// The base of every XCTest case in the repository: a test that runs longer than
/// ``TestTimeLimit/seconds`` stops the test run at once, naming itself, instead of stalling it
/// (a deadlock, or a wait that nothing ends). XCTest on Linux has no time allowance of its own.
open class TimeLimitedTestCase: XCTestCase {
    /// The seconds this case's tests may take: ``TestTimeLimit/seconds``, unless a case that runs
    /// long on purpose (the real-thread invariant suite) says more.
    open var timeLimit: Int { TestTimeLimit.seconds }

    override open func invokeTest() {
        let watchdog = TestTimeLimit.arm(for: name, seconds: timeLimit)
        defer { watchdog.cancel() }
        super.invokeTest()
    }
}

/// The per-test time limit of ``TimeLimitedTestCase``.
public enum TestTimeLimit {
    /// Seconds a test may run: `OPENRX_TEST_TIME_LIMIT` when set (a whole number), else 60. The
    /// slowest tests take about 5 s (the GTK gallery driven by X input); ThreadSanitizer makes
    /// them a few times slower.
    public static var seconds: Int {
        ProcessInfo.processInfo.environment["OPENRX_TEST_TIME_LIMIT"].flatMap { Int($0) } ?? 60
    }

    /// Starts the clock for the test `name`; cancel what it returns when the test ends. When the
    /// time runs out, it prints which test hung and ends the process with status 1.
    public static func arm(for name: String, seconds limit: Int = seconds) -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .seconds(limit))
        timer.setEventHandler {
            let message = """
                error: \(name) did not finish within \(limit) s (OPENRX_TEST_TIME_LIMIT): a hang, such as a \
                deadlock or a wait that nothing ends. The test run stops here.

                """
            FileHandle.standardError.write(Data(message.utf8))
            exit(1)
        }
        timer.resume()
        return timer
    }
}
