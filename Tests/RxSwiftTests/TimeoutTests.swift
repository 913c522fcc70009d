import Dispatch
import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

/// Marble diagrams: 10 ticks per character, time zero at 200; the timeout is 20 ticks.
final class TimeoutTests: RxTestCase {
    private let values: [Character: Int] = ["a": 1, "b": 2, "x": 9]

    func testFailsWhenNoElementArrivesInTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-a--b", values: values)
        let res = scheduler.start { xs.timeout(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, marbles: "-a-#", values: values, errors: ["#": RxError.timeout])
        XCTAssertEqual(xs.subscriptions, marbles: "^--!")
    }

    func testSwitchesToOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-a--b", values: values)
        let other = scheduler.createColdObservable("-x|", values: values)
        let res = scheduler.start { xs.timeout(.seconds(20), other: other, scheduler: scheduler) }
        XCTAssertEqual(res.events, marbles: "-a--x|", values: values)
        XCTAssertEqual(xs.subscriptions, marbles: "^--!")
        XCTAssertEqual(other.subscriptions, marbles: "---^-!")
    }

    func testCompletionInTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-a|", values: values)
        let res = scheduler.start { xs.timeout(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, marbles: "-a|", values: values)
    }

    /// `timeout(15)`: the standard inputs never wait that long; the last row does.
    func testScenarios() {
        assertScenarios(
            Scenario.unchanged + [
                Scenario(
                    "silence", input: [.next(210, 1), .next(240, 2)],
                    expected: [.next(210, 1), .error(225, RxError.timeout)], subscriptions: [Subscription(200, 225)])
            ]
        ) { source, scheduler in source.timeout(.seconds(15), scheduler: scheduler) }
    }

    /// A subscriber that disposes of itself in `onNext` gets nothing more from the other sequence
    /// the timeout switched to, even one that sends everything while being subscribed. (RxSwift
    /// delivers the rest of it, 10 11 12 here: a quirk the migration guide lists.)
    func testNothingAfterASubscriberDisposesOfItselfOnTheOtherSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(500, 1)])
        var seen: [Int] = []
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = source.timeout(.seconds(100), other: Observable.of(10, 11, 12), scheduler: scheduler)
                .subscribe(onNext: { value in
                    seen.append(value)
                    subscription?.dispose()
                })
        }
        scheduler.start()
        XCTAssertEqual(seen, [10])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

}
