import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

/// Marble diagrams: 10 ticks per character, time zero at 200.
final class SampleTests: RxTestCase {
    /// Disposed from outside: the source first, then the sampler, as in RxSwift 6.10.2 (same
    /// chain, same log).
    func testDisposalDisposesTheSourceThenTheSampler() {
        var log: [String] = []
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1)])
        let sampler = scheduler.createHotObservable([.next(220, 1)])
        let res = scheduler.start(disposed: 300) {
            source.asObservable().do(onDispose: { log.append("source") })
                .sample(sampler.asObservable().do(onDispose: { log.append("sampler") }))
        }
        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(log, ["source", "sampler"])
    }

    private let values: [Character: Int] = ["a": 1, "b": 2, "c": 3, "0": 0]

    func testEmitsTheLatestUnsampledElementAtEachTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("-ab---c---|", values: values)
        let sampler = scheduler.createHotObservable("---x-x-x---x--------x", values: ["x": "x"])
        let res = scheduler.start { source.sample(sampler) }
        XCTAssertEqual(res.events, marbles: "---b---c---|", values: values)
        XCTAssertEqual(source.subscriptions, marbles: "^---------!")
        XCTAssertEqual(sampler.subscriptions, marbles: "^----------!")
    }

    func testDefaultValueWhenNothingNew() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("-a", values: values)
        let sampler = scheduler.createHotObservable("--xx", values: ["x": ()])
        let res = scheduler.start { source.sample(sampler, defaultValue: 0) }
        XCTAssertEqual(res.events, marbles: "--a0", values: values)
    }

    func testAnErrorOfTheSamplerEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("-a--#", values: values)
        let sampler: TestableObservable<Void> = scheduler.createHotObservable("--#", errors: ["#": TestError.other])
        let res = scheduler.start { source.sample(sampler) }
        XCTAssertEqual(res.events, marbles: "--#", values: values, errors: ["#": TestError.other])
        XCTAssertEqual(source.subscriptions, marbles: "^-!")
        XCTAssertEqual(sampler.subscriptions, marbles: "^-!")
    }

    func testAnErrorOfTheSourceEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("-a-#", values: values, errors: ["#": testError])
        let sampler = scheduler.createHotObservable("--------x", values: ["x": ()])
        let res = scheduler.start { source.sample(sampler) }
        XCTAssertEqual(res.events, marbles: "---#", values: values, errors: ["#": testError])
        XCTAssertEqual(sampler.subscriptions, marbles: "^--!")
    }

    func testDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("-a", values: values)
        let sampler = scheduler.createHotObservable("--x---x", values: ["x": ()])
        let res = scheduler.start(disposed: 250) { source.sample(sampler) }
        XCTAssertEqual(res.events, marbles: "--a", values: values)
        XCTAssertEqual(source.subscriptions, marbles: "^----!")
        XCTAssertEqual(sampler.subscriptions, marbles: "^----!")
    }

    /// `sample` of a trigger that ticks at 215, 235 and 245: a tick sends the latest element, if a new one came; the source's completion waits for the next tick.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(215, 1), .next(235, 3), .completed(245)]),
                .empty([.completed(215)]),
                .error([.next(215, 1), .error(220, testError)]),
                .disposedMidStream([.next(215, 1)]),
            ]
        ) { source, scheduler in
            source.sample(scheduler.createHotObservable([.next(215, "tick"), .next(235, "tick"), .next(245, "tick")]))
        }
    }
    /// An input that fails while it is being subscribed: the inputs already subscribed are
    /// disposed of at once, then the failing one when its `subscribe` returns. (RxSwift disposes
    /// of the failing one first and the others when the whole `subscribe` returns: the migration
    /// guide lists the difference; nothing is delivered differently.)
    func testAnInputFailingWhileSubscribedDisposesTheOthersAtOnce() {
        let events = eventsWhenAnInputFailsWhileSubscribed { live, failing in live.sample(failing) }
        XCTAssertEqual(
            events,
            ["live subscribed", "error", "onDisposed", "live disposed", "failing disposed", "subscribe returned"])
    }

}
