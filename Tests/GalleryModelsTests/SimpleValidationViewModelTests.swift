import GalleryModels
import RxCocoa
import RxSwift
import RxTest
import TestSupport
import XCTest

final class SimpleValidationViewModelTests: TimeLimitedTestCase {
    func testTheButtonIsEnabledOnlyWhileBothFieldsAreLongEnough() {
        let scheduler = TestScheduler(initialClock: 0)
        let username = scheduler.createHotObservable("-a--b-----", values: ["a": "", "b": "gnome"])
        let password = scheduler.createHotObservable("-a----b-c-", values: ["a": "", "b": "secret", "c": "sec"])
        let taps = scheduler.createHotObservable("-------t--", values: ["t": ()])
        SharingScheduler.mock(scheduler: scheduler) {
            let viewModel = SimpleValidationViewModel(
                username: username.asObservable(), password: password.asObservable(), taps: taps.asObservable())
            let enabled = scheduler.createObserver(Bool.self)
            let message = scheduler.createObserver(String.self)
            scheduler.scheduleAt(200) {
                _ = viewModel.everythingValid.drive(enabled)
                _ = viewModel.usernameMessage.drive(message)
            }
            let greeting = scheduler.start { viewModel.greeting }
            XCTAssertEqual(enabled.events, marbles: "-f----t-f-", values: ["f": false, "t": true], subscribed: 201)
            XCTAssertEqual(
                message.events, marbles: "-a--b-----",
                values: ["a": "Username has to be at least 5 characters", "b": ""], subscribed: 201)
            XCTAssertEqual(greeting.events, marbles: "-------g--", values: ["g": "Welcome, gnome!"], subscribed: 201)
        }
    }
}
