import CGtk
import Dispatch
import Foundation
import RxCocoa
import RxSwift
import TestSupport
import XCTest

@testable import RxGtk

/// GTK tests need a display: run them under `xvfb-run` (CI does); without one they are skipped.
class GtkTestCase: RxTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        let started = MainActor.assumeIsolated { GtkMainLoop.start() }
        try XCTSkipUnless(started, "GTK could not start: no display (run under xvfb-run)")
    }

}

/// An object whose release tests can observe.
final class Tracked: Sendable {
    let released: LockedBox<Bool>
    init(_ released: LockedBox<Bool>) { self.released = released }
    deinit { released.mutate { $0 = true } }
}

final class MainLoopIntegrationTests: GtkTestCase {
    func testMainQueueAndMainActorWorkRunInTheGLibLoop() {
        MainActor.assumeIsolated {
            let ran = LockedBox<[String]>([])
            DispatchQueue.global().async {
                DispatchQueue.main.async { ran.mutate { $0.append("main queue") } }
                _ = MainScheduler.instance.schedule(()) { _ in
                    ran.mutate { $0.append("MainScheduler") }
                    return Disposables.create()
                }
                Task { @MainActor in ran.mutate { $0.append("MainActor task") } }
            }
            XCTAssertTrue(GtkMainLoop.iterate(until: { ran.value.count == 3 }))
            XCTAssertEqual(Set(ran.value), ["main queue", "MainScheduler", "MainActor task"])
        }
    }

    func testInsideTheGLibLoopMainQueueWorkIsOnMain() {
        // One notion of "on main": in a main-queue block run by the GLib loop, MainScheduler runs
        // at once and Driver's main-thread check passes.
        MainActor.assumeIsolated {
            let ran = LockedBox<[String]>([])
            DispatchQueue.global().async {
                DispatchQueue.main.async {
                    var immediate = false
                    _ = MainScheduler.instance.schedule(()) { _ in
                        immediate = true
                        return Disposables.create()
                    }
                    var driven: [Int] = []
                    _ = Driver.just(1).drive(onNext: { driven.append($0) })
                    ran.mutate { $0.append("immediate \(immediate), driven \(driven)") }
                }
            }
            XCTAssertTrue(GtkMainLoop.iterate(until: { !ran.value.isEmpty }))
            XCTAssertEqual(ran.value, ["immediate true, driven [1]"])
        }
    }

    func testRunUntilWindowReturnsWhenTheWindowIsDestroyed() {
        MainActor.assumeIsolated {
            let window = Window(title: "run until")
            window.present()
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
                DispatchQueue.main.async { MainActor.assumeIsolated { window.destroy() } }
            }
            GtkMainLoop.run(until: window)
            XCTAssertTrue(window.isDestroyed)
        }
    }

    func testHopLatencyFromABackgroundThread() {
        MainActor.assumeIsolated {
            // The GLib loop blocks in poll(); the main queue's descriptor must wake it.
            let hops = 200
            let received = LockedBox<[TimeInterval]>([])
            for _ in 0..<hops {
                let sent = Date()
                DispatchQueue.global().async {
                    DispatchQueue.main.async { received.mutate { $0.append(Date().timeIntervalSince(sent)) } }
                }
                let before = received.value.count
                while received.value.count == before { g_main_context_iteration_blocking() }
            }
            let latencies = received.value.sorted()
            let median = latencies[hops / 2] * 1_000_000
            let p99 = latencies[hops * 99 / 100] * 1_000_000
            print("RxGtk main-queue hop latency over \(hops) hops: median \(Int(median)) µs, p99 \(Int(p99)) µs")
            XCTAssertEqual(latencies.count, hops)
            XCTAssertLessThan(latencies[hops / 2], 0.5, "the loop is woken by the main queue, not by a timer")
        }
    }
}

final class WidgetBindingTests: GtkTestCase {
    func testButtonTapAndCompletionWhenTheButtonGoesAway() {
        MainActor.assumeIsolated {
            var button: Button? = Button(label: "Tap")
            var taps = 0
            var completed = false
            let subscription = button!.rx.tap.subscribe(onNext: { taps += 1 }, onCompleted: { completed = true })
            button!.click()
            button!.click()
            XCTAssertEqual(taps, 2)
            button = nil
            XCTAssertTrue(
                GtkMainLoop.iterate(until: { completed }), "ControlEvent completes when its widget is destroyed")
            subscription.dispose()
        }
    }

    func testEnterInAnEntryIsAnEventAndDisposingDisconnectsIt() {
        MainActor.assumeIsolated {
            let entry = Entry()
            var presses = 0
            let subscription = entry.rx.activate.subscribe(onNext: { presses += 1 })
            entry.activate()
            entry.text = "typing is not Enter"
            entry.activate()
            XCTAssertEqual(presses, 2)
            subscription.dispose()
            entry.activate()
            XCTAssertEqual(presses, 2, "disposed: disconnected")
        }
    }

    func testEachKeyPressedSubscriptionAddsAKeyControllerAndDisposingRemovesIt() {
        MainActor.assumeIsolated {
            let entry = Entry()
            func controllers() -> UInt32 {
                let list = gtk_widget_observe_controllers(entry.widget)
                defer { g_object_unref(UnsafeMutableRawPointer(list)) }
                return g_list_model_get_n_items(list)
            }
            let before = controllers()
            let first = entry.rx.keyPressed.subscribe()
            let second = entry.rx.keyPressed.subscribe()
            XCTAssertEqual(controllers(), before + 2)
            first.dispose()
            second.dispose()
            XCTAssertEqual(controllers(), before)
        }
    }

    func testEntryTextReportsEachChangeOnceAndTwoWayBindingDoesNotLoop() {
        MainActor.assumeIsolated {
            let entry = Entry()
            entry.text = "a"
            var seen: [String?] = []
            let subscription = entry.rx.text.subscribe(onNext: { seen.append($0) })
            entry.text = "ab"
            entry.text = "ab"
            XCTAssertEqual(seen, ["a", "ab"], "the current text, then one event per change")

            let model = BehaviorRelay<String?>(value: "model")
            let toEntry = model.bind(to: entry.rx.text)
            let fromEntry = entry.rx.text.bind(to: model)
            XCTAssertEqual(entry.text, "model")
            entry.text = "typed"
            XCTAssertEqual(model.value, "typed")
            model.accept("set by model")
            XCTAssertEqual(entry.text, "set by model")
            XCTAssertEqual(seen, ["a", "ab", "model", "typed", "set by model"], "no echo, no loop")
            for disposable in [subscription, toEntry, fromEntry] { disposable.dispose() }
        }
    }

    func testLabelToggleSwitchScaleSpinAndWidgetBinders() {
        MainActor.assumeIsolated {
            let label = Label()
            let check = CheckButton(label: "Check")
            let toggle = Switch()
            let scale = Scale(min: 0, max: 10, step: 1)
            let spin = SpinButton(min: 0, max: 10, step: 1)
            let bag = DisposeBag()
            Observable.just("hello").bind(to: label.rx.text).disposed(by: bag)
            XCTAssertEqual(label.text, "hello")

            var checks: [Bool] = []
            check.rx.isOn.subscribe(onNext: { checks.append($0) }).disposed(by: bag)
            check.isOn = true
            Observable.just(false).bind(to: check.rx.isOn).disposed(by: bag)
            XCTAssertEqual(checks, [false, true, false])

            var switches: [Bool] = []
            toggle.rx.isOn.subscribe(onNext: { switches.append($0) }).disposed(by: bag)
            toggle.isOn = true
            XCTAssertEqual(switches, [false, true])

            var values: [Double] = []
            scale.rx.value.subscribe(onNext: { values.append($0) }).disposed(by: bag)
            Observable.just(7).bind(to: scale.rx.value).disposed(by: bag)
            spin.rx.value.bind(to: scale.rx.value).disposed(by: bag)
            spin.value = 3
            XCTAssertEqual(values, [0, 7, 0, 3])

            Observable.just(false).bind(to: label.rx.isSensitive, label.rx.isVisible).disposed(by: bag)
            XCTAssertFalse(label.isSensitive)
            XCTAssertFalse(label.isVisible)
        }
    }

    func testListBoxItemsFromADriver() {
        MainActor.assumeIsolated { Self.listBoxItems() }
    }

    @MainActor
    private static func listBoxItems() {
        let list = ListBox()
        let items = BehaviorRelay(value: ["a", "b"])
        let subscription = items.asDriver().drive(list.rx.items) { index, item in Label("\(index): \(item)") }
        XCTAssertEqual(list.rows.compactMap { ($0 as? Label)?.text }, ["0: a", "1: b"])
        items.accept(["c"])
        XCTAssertEqual(list.rows.compactMap { ($0 as? Label)?.text }, ["0: c"])
        subscription.dispose()
    }

    func testHandlersReleaseTheirClosuresWhenDisconnectedOrWhenTheWidgetGoesAway() {
        MainActor.assumeIsolated {
            let firstReleased = LockedBox(false)
            let secondReleased = LockedBox(false)
            let button = Button(label: "x")
            var calls = 0
            do {
                let first = Tracked(firstReleased)
                let connection = button.connect(signal: "clicked") {
                    _ = first; calls += 1
                }
                button.click()
                connection.disconnect()
                button.click()
            }
            XCTAssertEqual(calls, 1)
            XCTAssertTrue(firstReleased.value, "disconnecting releases the closure")

            var other: Button? = Button(label: "y")
            var connection: SignalConnection?
            do {
                let second = Tracked(secondReleased)
                connection = other!.connect(signal: "clicked") { _ = second }
            }
            XCTAssertFalse(secondReleased.value)
            other = nil
            XCTAssertTrue(secondReleased.value, "finalizing the widget releases the closure")
            connection?.disconnect()
            connection?.disconnect()
        }
    }

    func testDisposingFromABackgroundThreadAfterTheWidgetIsGone() {
        MainActor.assumeIsolated {
            var entry: Entry? = Entry()
            let subscription = UncheckedSendable(entry!.rx.text.subscribe())
            entry = nil
            let done = LockedBox(false)
            DispatchQueue.global().async {
                subscription.value.dispose()
                done.mutate { $0 = true }
            }
            XCTAssertTrue(GtkMainLoop.iterate(until: { done.value }))
            XCTAssertTrue(GtkMainLoop.iterate(until: { true }))
        }
    }
}

/// Blocks in one GLib main-loop iteration until a source is ready.
@MainActor
func g_main_context_iteration_blocking() {
    GtkMainLoop.iterateOnce(blocking: true)
}
