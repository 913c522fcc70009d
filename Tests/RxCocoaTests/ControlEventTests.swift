import Foundation
import RxCocoa
import RxSwift
import TestSupport
import XCTest

final class ControlEventTests: RxTestCase {
    func testEmitsOnlyNewEventsWithoutAnInitialValue() {
        let button = Button()
        var taps = 0
        button.simulateTap()
        let subscription = button.rx.tap.subscribe(onNext: { taps += 1 })
        XCTAssertEqual(taps, 0)
        button.simulateTap()
        button.simulateTap()
        subscription.dispose()
        button.simulateTap()
        XCTAssertEqual(taps, 2)
    }

    func testSeedScenarioTapMappedIntoALabel() {
        let button = Button()
        let label = Label()
        let bag = DisposeBag()
        button.rx.tap
            .map { "Hello, RxCocoa" }
            .bind(to: label.rx.text)
            .disposed(by: bag)
        XCTAssertNil(label.text)
        button.simulateTap()
        XCTAssertEqual(label.text, "Hello, RxCocoa")
    }

    func testSeedScenarioBindWithATrailingClosure() {
        let button = Button()
        var actions = 0
        let bag = DisposeBag()
        button.rx.tap
            .bind { _ in
                actions += 1
            }
            .disposed(by: bag)
        button.simulateTap()
        XCTAssertEqual(actions, 1)
    }

    func testCompletesWhenTheControlGoesAway() {
        var button: Button? = Button()
        var completed = false
        let subscription = button!.rx.tap.subscribe(onCompleted: { completed = true })
        button = nil
        XCTAssertTrue(completed)
        subscription.dispose()
    }

    func testAsDriverAndAsSignalShareOneSubscription() {
        // Main-actor closures (Binder, emit) capture this test's locals.
        MainActor.assumeIsolated {
            let button = Button()
            var subscriptions = 0
            let event = ControlEvent(events: button.taps.do(onSubscribe: { subscriptions += 1 }))
            let signal = event.asSignal()
            var first = 0
            var second = 0
            let a = signal.emit(onNext: { first += 1 })
            let b = signal.emit(onNext: { second += 1 })
            button.simulateTap()
            XCTAssertEqual([first, second, subscriptions], [1, 1, 1])
            a.dispose()
            b.dispose()
        }
    }
}
