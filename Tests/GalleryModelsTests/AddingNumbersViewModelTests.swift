import GalleryModels
import RxCocoa
import RxSwift
import RxTest
import TestSupport
import XCTest

final class AddingNumbersViewModelTests: TimeLimitedTestCase {
    func testTheSumFollowsEveryField() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable("-a---b---", values: ["a": "1", "b": "10"])
        let b = scheduler.createHotObservable("-a-------", values: ["a": "2"])
        let c = scheduler.createHotObservable("-a-b-----", values: ["a": "", "b": "x"])
        SharingScheduler.mock(scheduler: scheduler) {
            let viewModel = AddingNumbersViewModel(a.asObservable(), b.asObservable(), c.asObservable())
            let sum = scheduler.start { viewModel.sum }
            XCTAssertEqual(
                sum.events, marbles: "-a-b-c---",
                values: ["a": "3", "b": "Enter whole numbers", "c": "Enter whole numbers"],
                subscribed: 201)
        }
    }
}
