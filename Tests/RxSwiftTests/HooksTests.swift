import RxSwift
import TestSupport
import XCTest

final class HooksTests: RxTestCase {
    private var savedHandler: Hooks.DefaultErrorHandler!
    private var savedCapture: Hooks.CustomCaptureSubscriptionCallstack!

    override func setUp() {
        super.setUp()
        savedHandler = Hooks.defaultErrorHandler
        savedCapture = Hooks.customCaptureSubscriptionCallstack
    }

    override func tearDown() {
        Hooks.defaultErrorHandler = savedHandler
        Hooks.customCaptureSubscriptionCallstack = savedCapture
        Hooks.recordCallStackOnError = false
        super.tearDown()
    }

    func testUnhandledErrorGoesToDefaultErrorHandlerWithoutACallStackByDefault() {
        let received = LockedBox<[String]>([])
        Hooks.defaultErrorHandler = { stack, error in received.mutate { $0.append("\(stack.count) \(error)") } }
        Hooks.customCaptureSubscriptionCallstack = {
            XCTFail("not recording"); return []
        }
        _ = Observable<Int>.error(testError).subscribe(onNext: { _ in })
        XCTAssertFalse(Hooks.recordCallStackOnError)
        XCTAssertEqual(received.value, ["0 \(testError)"])
    }

    func testRecordedCallStackIsCapturedAtSubscribeAndPassedWithTheError() {
        let received = LockedBox<[[String]]>([])
        let captures = LockedBox(0)
        Hooks.defaultErrorHandler = { stack, _ in received.mutate { $0.append(stack) } }
        Hooks.customCaptureSubscriptionCallstack = {
            captures.mutate { $0 += 1 }
            return ["frame 1", "frame 2"]
        }
        Hooks.recordCallStackOnError = true
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { _ in })
        XCTAssertEqual(captures.value, 1, "captured when subscribing")
        subject.onError(testError)
        XCTAssertEqual(received.value, [["frame 1", "frame 2"]])
        // A subscription with its own onError neither captures nor reports.
        _ = Observable<Int>.error(testError).subscribe(onError: { _ in })
        XCTAssertEqual(captures.value, 1)
        XCTAssertEqual(received.value.count, 1)
        subscription.dispose()
    }

    func testDefaultCaptureReturnsTheCurrentStack() {
        XCTAssertFalse(Hooks.customCaptureSubscriptionCallstack().isEmpty)
    }

    func testRxObservableNamesObservable() {
        let source: RxObservable<Int> = .just(1)
        XCTAssertEqual(collect(source), [.next(1), .completed])
    }
}
