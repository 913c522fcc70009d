import Dispatch
import LiveFeedCore
import NIOCore
import NIOPosix
import RxBlocking
import RxSwift
import Synchronization
import XCTest

/// The scheduler on a NIO event loop and the future bridges, on a real loop.
final class EventLoopSchedulerTests: XCTestCase {
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    override func tearDown() async throws {
        try await group.shutdownGracefully()
    }

    func testObserveOnDeliversEveryEventOnTheLoopInOrder() throws {
        let loop = group.next()
        let scheduler = EventLoopScheduler(loop)
        let onLoop = SharedFlags()
        let values = try Observable.from(Array(0..<100))
            .observe(on: ConcurrentDispatchQueueScheduler(qos: .default))
            .observe(on: scheduler)
            .do(onNext: { _ in onLoop.record(loop.inEventLoop) }, onCompleted: { onLoop.record(loop.inEventLoop) })
            .toBlocking(timeout: 10).toArray()
        XCTAssertEqual(values, Array(0..<100))
        XCTAssertEqual(onLoop.all, Array(repeating: true, count: 101))
    }

    func testTimersRunOnTheLoopAndADisposedOneNeverRuns() throws {
        let loop = group.next()
        let scheduler = EventLoopScheduler(loop)
        let ticks = try Observable<Int>.interval(.milliseconds(5), scheduler: scheduler)
            .map { tick -> Int in
                XCTAssertTrue(loop.inEventLoop)
                return tick
            }
            .take(5).toBlocking(timeout: 10).toArray()
        XCTAssertEqual(ticks, [0, 1, 2, 3, 4])

        let ran = SharedFlags()
        let timer = scheduler.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
            ran.record(true)
            return Disposables.create()
        }
        timer.dispose()
        let soon = scheduler.scheduleRelative((), dueTime: .milliseconds(1)) { _ in
            ran.record(false)
            return Disposables.create()
        }
        // Waits on the loop past the cancelled timer's time: only the other one ran.
        try loop.scheduleTask(in: .milliseconds(60)) {}.futureResult.wait()
        XCTAssertEqual(ran.all, [false])
        soon.dispose()

        // The loop is kept busy until the work is disposed: it reaches the work only after.
        let busy = DispatchSemaphore(value: 0)
        let holding = loop.submit { busy.wait() }
        let immediate = scheduler.schedule(()) { _ in
            ran.record(true)
            return Disposables.create()
        }
        immediate.dispose()
        busy.signal()
        try holding.wait()
        try loop.submit {}.wait()
        XCTAssertEqual(ran.all, [false], "work disposed before the loop reached it does not run")
    }

    func testAFutureAsASingleAndASingleAsAFuture() throws {
        let loop = group.next()
        XCTAssertEqual(try loop.makeSucceededFuture(42).asSingle().toBlocking(timeout: 10).single(), 42)
        struct Failure: Error, Equatable {}
        XCTAssertThrowsError(try loop.makeFailedFuture(Failure()).map { 1 }.asSingle().toBlocking(timeout: 10).single())
        {
            XCTAssertEqual($0 as? Failure, Failure())
        }

        XCTAssertEqual(try Single.just(7).toFuture(on: loop).wait(), 7)
        XCTAssertThrowsError(try Single<Int>.error(Failure()).toFuture(on: loop).wait()) {
            XCTAssertEqual($0 as? Failure, Failure())
        }
        let later = Single<Int>.just(9).delay(.milliseconds(5), scheduler: EventLoopScheduler(loop))
        XCTAssertEqual(try later.toFuture(on: loop).wait(), 9)

        // A subscription disposed before the future completes delivers nothing.
        let promise = loop.makePromise(of: Int.self)
        let got = SharedFlags()
        let subscription = promise.futureResult.asSingle().subscribe { _ in got.record(true) }
        subscription.dispose()
        promise.succeed(1)
        try loop.submit {}.wait()
        XCTAssertEqual(got.all, [])
    }
}

/// Flags recorded from any thread.
final class SharedFlags: Sendable {
    private let flags = Mutex<[Bool]>([])
    func record(_ flag: Bool) { flags.withLock { $0.append(flag) } }
    var all: [Bool] { flags.withLock { $0 } }
}
