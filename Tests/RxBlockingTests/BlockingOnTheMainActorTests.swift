import Dispatch
import Foundation
import RxBlocking
import RxSwift
import TestSupport
import XCTest

/// Waiting on the main actor for a chain whose closures belong to the main actor (written in this
/// `@MainActor` test case, they run on main): the wait runs their hops to main itself, so it
/// answers instead of waiting for the thread it blocks. (It failed with "Sequence timeout." after
/// its time-out, and without one never returned.)
@MainActor
final class BlockingOnTheMainActorTests: TimeLimitedTestCase {
    private let background = ConcurrentDispatchQueueScheduler(qos: .default)

    func testAWaitOnTheMainActorRunsTheChainsMainActorClosures() async throws {
        let started = Date()
        let first = try Observable.of(1, 2, 3).observe(on: background).map { $0 * 2 }
            .toBlocking(timeout: 20).first()
        XCTAssertEqual(first, 2)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "the wait ran into its time-out")
    }

    func testEveryElementInOrderAndEachClosureOnMain() async throws {
        var offMain = 0
        let elements = try Observable.from(Array(0..<50)).observe(on: background)
            .map { value -> Int in
                if !Thread.isMainThread { offMain += 1 }
                return value + 1
            }
            .filter { $0 % 2 == 0 }
            .toBlocking(timeout: 20).toArray()
        XCTAssertEqual(elements, Array(stride(from: 2, through: 50, by: 2)))
        XCTAssertEqual(offMain, 0)
    }

    /// A `create` of the main actor subscribed from a background thread: its subscription hops
    /// to main through the library's main queue, which the wait runs (a hop through
    /// `DispatchQueue.main` itself would wait for the very thread that waits for it).
    func testAWaitOnTheMainActorRunsAMainActorCreateSubscribedElsewhere() async throws {
        var subscribedOnMain = false
        let source = Observable<Int>.create { observer in
            subscribedOnMain = Thread.isMainThread
            observer.onNext(7)
            observer.onCompleted()
            return Disposables.create()
        }
        let elements = try source.subscribe(on: background).toBlocking(timeout: 10).toArray()
        XCTAssertEqual(elements, [7])
        XCTAssertTrue(subscribedOnMain)
    }
}
