import Dispatch
import Foundation
import RxBlocking
import RxSwift
import TestSupport
import XCTest

final class BlockingObservableTests: RxTestCase {
    func testToArrayFirstLast() throws {
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().toArray(), [1, 2, 3])
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().first(), 1)
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().last(), 3)
        XCTAssertNil(try Observable<Int>.empty().toBlocking().first())
        XCTAssertNil(try Observable<Int>.empty().toBlocking().last())
    }

    func testFirstDisposesAfterTheFirstElement() throws {
        var disposed = false
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            return Disposables.create { disposed = true }
        }
        XCTAssertEqual(try source.toBlocking().first(), 1)
        XCTAssertTrue(disposed)
    }

    func testSingleForms() throws {
        XCTAssertEqual(try Observable.just(5).toBlocking().single(), 5)
        XCTAssertThrowsError(try Observable<Int>.empty().toBlocking().single()) {
            XCTAssertEqual("\($0)", "\(RxError.noElements)")
        }
        XCTAssertThrowsError(try Observable.of(1, 2).toBlocking().single()) {
            XCTAssertEqual("\($0)", "\(RxError.moreThanOneElement)")
        }
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().single { $0 == 2 }, 2)
        XCTAssertThrowsError(try Observable.of(1, 2, 3).toBlocking().single { $0 > 5 }) {
            XCTAssertEqual("\($0)", "\(RxError.noElements)")
        }
        var looked: [Int] = []
        XCTAssertThrowsError(
            try Observable.of(42, 43, 44, 45).toBlocking().single {
                looked.append($0); return $0 >= 43
            })
        XCTAssertEqual(looked, [42, 43, 44], "the predicate stops at the second match")
        XCTAssertThrowsError(try Observable.of(1, 2, 3).toBlocking().single { $0 > 1 }) {
            XCTAssertEqual("\($0)", "\(RxError.moreThanOneElement)")
        }
        XCTAssertThrowsError(try Observable.of(1).toBlocking().single { _ in throw testError }) {
            XCTAssertEqual($0 as? TestError, .test)
        }
    }

    func testErrorsAreThrown() {
        let failing = Observable<Int>.concat(.just(1), .error(testError))
        XCTAssertThrowsError(try failing.toBlocking().toArray()) { XCTAssertEqual($0 as? TestError, .test) }
        XCTAssertThrowsError(try failing.toBlocking().last()) { XCTAssertEqual($0 as? TestError, .test) }
        XCTAssertEqual(try failing.toBlocking().first(), 1, "first has its answer before the error")
        XCTAssertThrowsError(try Observable<Int>.error(testError).toBlocking().first())
    }

    func testMaterializeDoesNotThrow() {
        // As in RxSwift: no `try`; the outcome says how the sequence ended.
        let result = Observable.of(1, 2).toBlocking().materialize()
        guard case .completed(let elements) = result else { return XCTFail("expected completed") }
        XCTAssertEqual(elements, [1, 2])
        guard
            case .failed(let partial, let error) = Observable<Int>.concat(.just(1), .error(testError)).toBlocking()
                .materialize()
        else {
            return XCTFail("expected failed")
        }
        XCTAssertEqual(partial, [1])
        XCTAssertEqual(error as? TestError, .test)
    }

    func testTimeoutThrowsAndDisposes() {
        var disposed = false
        let never = Observable<Int>.never().do(onDispose: { disposed = true })
        XCTAssertThrowsError(try never.toBlocking(timeout: 0.05).toArray()) {
            XCTAssertEqual("\($0)", "\(RxError.timeout)")
        }
        XCTAssertTrue(disposed)
        guard
            case .failed(let elements, let error) = Observable<Int>.never().startWith(7).toBlocking(timeout: 0.05)
                .materialize()
        else {
            return XCTFail("a timeout is a failed outcome")
        }
        XCTAssertEqual(elements, [7], "a timed-out materialize reports the elements that arrived")
        XCTAssertEqual("\(error)", "\(RxError.timeout)")
    }

    /// A queue of the test's own, so that the test can wait for what is still queued on it
    /// (`subscribe(on:)` disposes there, after the last event) before the leak check runs: the
    /// check is then deterministic, not a race with a background thread.
    private let queue = DispatchQueue(label: "BlockingObservableTests", attributes: .concurrent)

    override func tearDown() {
        queue.sync(flags: .barrier) {}
        super.tearDown()
    }

    func testBackgroundSequenceOnTheMainThread() throws {
        XCTAssertTrue(Thread.isMainThread)
        let background = ConcurrentDispatchQueueScheduler(queue: queue)
        XCTAssertEqual(
            try Observable.of(1, 2, 3).subscribe(on: background).toBlocking(timeout: 5).toArray(), [1, 2, 3])
    }

    func testMainSchedulerSequenceOnTheMainThreadDoesNotDeadlock() throws {
        XCTAssertTrue(Thread.isMainThread)
        // Hops to a background queue and back to the main queue: the main run loop must run
        // while the test waits.
        let background = ConcurrentDispatchQueueScheduler(queue: queue)
        let source = Observable.of(1, 2, 3)
            .subscribe(on: background)
            .observe(on: MainScheduler.asyncInstance)
            .map { value -> Int in
                XCTAssertTrue(Thread.isMainThread)
                return value * 10
            }
        XCTAssertEqual(try source.toBlocking(timeout: 5).toArray(), [10, 20, 30])
        XCTAssertEqual(
            try Observable<Int>.timer(.milliseconds(20), scheduler: MainScheduler.instance).toBlocking(timeout: 5)
                .single(), 0)
    }

    func testFromABackgroundThread() {
        let result = LockedBox<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        let background = ConcurrentDispatchQueueScheduler(queue: queue)
        Thread.detachNewThread {
            let values = (try? Observable.of(4, 5).observe(on: background).toBlocking(timeout: 5).toArray()) ?? []
            result.mutate { $0 = values }
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(result.value, [4, 5])
    }
}
