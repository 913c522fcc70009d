import TestSupport
import XCTest

@testable import RxSwift

final class TimerSlotTests: RxTestCase {
    /// The slot keeps the timer of the highest key, whatever the order the timers are given in,
    /// and disposes the others; once disposed, it disposes what it is given.
    func testKeepsTheTimerOfTheHighestKey() {
        let slot = TimerSlot()
        let first = BooleanDisposable()
        let second = BooleanDisposable()
        let stale = BooleanDisposable()
        slot.keep(first, key: 1)
        slot.keep(second, key: 2)
        XCTAssertTrue(first.isDisposed, "replaced by a newer timer")
        slot.keep(stale, key: 1)
        XCTAssertTrue(stale.isDisposed, "older than the timer held")
        XCTAssertFalse(second.isDisposed)
        slot.dispose()
        XCTAssertTrue(second.isDisposed)
        let late = BooleanDisposable()
        slot.keep(late, key: 3)
        XCTAssertTrue(late.isDisposed, "given after the slot was disposed")
    }
}
