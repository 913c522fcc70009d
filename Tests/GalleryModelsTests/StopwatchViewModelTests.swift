import GalleryModels
import RxCocoa
import RxSwift
import RxTest
import TestSupport
import XCTest

final class StopwatchViewModelTests: TimeLimitedTestCase {
    func testStartStopResumeAndReset() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.01) // 1 tick = 10 ms: a tenth is 10 ticks
        // Start at 210, stop at 245 (three tenths), resume at 300, reset at 325 (while running).
        let startStop = scheduler.createHotObservable("-s-", values: ["s": ()])
        let moreTaps = scheduler.createHotObservable([.next(245, ()), .next(300, ())])
        let reset = scheduler.createHotObservable([.next(325, ())])
        SharingScheduler.mock(scheduler: scheduler) {
            let viewModel = StopwatchViewModel(
                startStop: Observable.merge(startStop.asObservable(), moreTaps.asObservable()).asSignal(
                    onErrorSignalWith: .empty()),
                reset: reset.asObservable().asSignal(onErrorSignalWith: .empty()), scheduler: scheduler)
            let title = scheduler.createObserver(String.self)
            let canReset = scheduler.createObserver(Bool.self)
            scheduler.scheduleAt(200) {
                _ = viewModel.startStopTitle.drive(title)
                _ = viewModel.canReset.drive(canReset)
            }
            let time = scheduler.start(disposed: 400) { viewModel.time }
            XCTAssertEqual(
                time.events.map(\.value.element!),
                ["00:00.0", "00:00.1", "00:00.2", "00:00.3", "00:00.4", "00:00.5", "00:00.0"])
            // Taps reach the state one tick late (the Signal's hop), ticks two (the interval's
            // Signal and the Driver): started at 211, ticks at 223, 233, 243; stopped at 246;
            // the reset at 325 shows at 327.
            XCTAssertEqual(time.events.map(\.time), [201, 223, 233, 243, 313, 323, 327])
            XCTAssertEqual(title.events.map(\.value.element!), ["Start", "Stop", "Resume", "Stop", "Start"])
            XCTAssertEqual(canReset.events.map(\.value.element!), [false, true, false])
        }
    }
}
