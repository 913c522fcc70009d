import RxCocoa
import RxSwift
import RxTest
import TestSupport
import XCTest

/// Drivers and Signals on marbles, under `SharingScheduler.mock` (RxTest's documentation shows
/// this form). A Driver or Signal delivers through its scheduler, one tick later on a
/// `TestScheduler` (as in RxSwift), so its expected timeline starts at 201.
final class SharedSequenceMarbleTests: RxTestCase {
    private let values: [Character: Int] = ["a": 1, "b": 2, "x": 10, "y": 20]

    func testDriverOnMarbles() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let xs = scheduler.createHotObservable("--a--b--#", values: values)
            let res = scheduler.start { xs.asDriver(onErrorJustReturn: 0).map { $0 * 10 } }
            XCTAssertEqual(
                res.events, marbles: "--x--y--(0|)", values: values.merging(["0": 0]) { $1 }, subscribed: 201)
            XCTAssertEqual(xs.subscriptions, marbles: "^-------!")
        }
    }

    func testSignalOnMarbles() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let xs = scheduler.createHotObservable("--a--b--|", values: values)
            let res = scheduler.start { xs.asSignal(onErrorJustReturn: 0).map { $0 * 10 } }
            XCTAssertEqual(res.events, marbles: "--x--y--|", values: values, subscribed: 201)
        }
    }
}
