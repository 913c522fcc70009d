import GalleryModels
import RxCocoa
import RxSwift
import RxTest
import TestSupport
import XCTest

final class SignUpViewModelTests: TimeLimitedTestCase {
    struct Offline: Error {}

    /// A service on virtual time: an availability check takes 20 ticks (names "ada" and "root"
    /// are taken, "offline" fails), a sign-up reports 50% after 10 ticks and finishes after 20.
    func service(_ scheduler: TestScheduler, checked: LockedNames) -> SignUpService {
        return SignUpService(
            isAvailable: { name in
                checked.append(name)
                if name == "offline" {
                    return scheduler.createColdObservable("--#", errors: ["#": Offline()]).asObservable()
                }
                return scheduler.createColdObservable("--(a|)", values: ["a": !["ada", "root"].contains(name)])
                    .asObservable()
            },
            signUp: { name, _ in
                scheduler.createColdObservable(
                    "a-b-(c|)", values: ["a": .progress(0), "b": .progress(0.5), "c": .finished("Welcome, \(name)")]
                ).asObservable()
            })
    }

    final class LockedNames: @unchecked Sendable {
        // @unchecked Sendable: used on the test's thread only (virtual time runs there).
        var names: [String] = []
        func append(_ name: String) { names.append(name) }
    }

    func testTheUsernameIsCheckedThrottledAndALaterNameCancelsAnEarlierCheck() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.01) // 1 tick = 10 ms
        let checked = LockedNames()
        // Typed at 220, 230, 240 ("ad" falls within the 300 ms throttle of "a" and is skipped; "ada"
        // is checked when the throttle's window ends, at 250), then "root" at 300.
        let username = scheduler.createHotObservable(
            "--abc-----d-------", values: ["a": "a", "b": "ad", "c": "ada", "d": "root"])
        let none = scheduler.createHotObservable("--", values: ["-": ""])
        SharingScheduler.mock(scheduler: scheduler) {
            let viewModel = SignUpViewModel(
                username: username.asObservable(), password: none.asObservable(),
                repeatedPassword: none.asObservable(), taps: .never(), service: service(scheduler, checked: checked),
                scheduler: scheduler)
            let validation = scheduler.start { viewModel.usernameValidation }
            XCTAssertEqual(
                validation.events.map(\.time), [221, 241, 251, 271, 301, 321],
                "each check starts with .validating; 'ada' is checked at the throttle's end")
            XCTAssertEqual(
                validation.events.compactMap(\.value.element),
                [
                    .validating, .ok("Available"), .validating, .failed("Already taken"), .validating,
                    .failed("Already taken"),
                ])
            XCTAssertEqual(checked.names, ["a", "ada", "root"])
        }
    }

    func testAFailedCheckSaysSoAndTheButtonNeedsEveryFieldValid() {
        let scheduler = TestScheduler(initialClock: 0)
        let checked = LockedNames()
        let username = scheduler.createHotObservable("-a---------", values: ["a": "offline"])
        let password = scheduler.createHotObservable("-a-b-------", values: ["a": "short", "b": "longenough"])
        let repeated = scheduler.createHotObservable("-a---b-----", values: ["a": "", "b": "longenough"])
        SharingScheduler.mock(scheduler: scheduler) {
            let viewModel = SignUpViewModel(
                username: username.asObservable(), password: password.asObservable(),
                repeatedPassword: repeated.asObservable(), taps: .never(),
                service: service(scheduler, checked: checked),
                scheduler: scheduler)
            let validation = scheduler.createObserver(Validation.self)
            let passwordValidation = scheduler.createObserver(Validation.self)
            scheduler.scheduleAt(200) {
                _ = viewModel.usernameValidation.drive(validation)
                _ = viewModel.passwordValidation.drive(passwordValidation)
            }
            let enabled = scheduler.start { viewModel.signUpEnabled }
            XCTAssertEqual(
                validation.events.compactMap(\.value.element), [.validating, .failed("Could not reach the server")])
            XCTAssertEqual(
                passwordValidation.events.compactMap(\.value.element),
                [.failed("At least 6 characters"), .ok("Strong enough")])
            XCTAssertEqual(enabled.events.compactMap(\.value.element), [false], "the username is not valid")
        }
    }

    func testSigningUpReportsProgressDisablesTheButtonAndDropsTapsWhileItRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let checked = LockedNames()
        let username = scheduler.createHotObservable("-a---------------", values: ["a": "linus"])
        let password = scheduler.createHotObservable("-a---------------", values: ["a": "penguins"])
        let taps = scheduler.createHotObservable("-------t-t-------", values: ["t": ()])
        SharingScheduler.mock(scheduler: scheduler) {
            let viewModel = SignUpViewModel(
                username: username.asObservable(), password: password.asObservable(),
                repeatedPassword: password.asObservable(), taps: taps.asObservable(),
                service: service(scheduler, checked: checked), scheduler: scheduler)
            let enabled = scheduler.createObserver(Bool.self)
            let progress = scheduler.createObserver(Double.self)
            let working = scheduler.createObserver(Bool.self)
            scheduler.scheduleAt(200) {
                _ = viewModel.signUpEnabled.drive(enabled)
                _ = viewModel.progress.drive(progress)
                _ = viewModel.isWorking.drive(working)
            }
            let result = scheduler.start { viewModel.result }
            // Valid once the check answers (230); the tap at 270 signs up until 310; the tap
            // at 290 is dropped (flatMapFirst). The starting values come at subscription (201).
            XCTAssertEqual(
                enabled.events, marbles: "-f-t---f---t-----", values: ["f": false, "t": true], subscribed: 201)
            XCTAssertEqual(
                progress.events, marbles: "a------a-b-c-----", values: ["a": 0, "b": 0.5, "c": 1], subscribed: 201)
            XCTAssertEqual(
                working.events, marbles: "ft-f---t---f-----", values: ["f": false, "t": true], subscribed: 201)
            XCTAssertEqual(
                result.events, marbles: "-----------w-----", values: ["w": "Welcome, linus"], subscribed: 201)
        }
    }
}
