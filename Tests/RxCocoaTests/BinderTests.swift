import Foundation
import RxCocoa
import RxSwift
import RxTest
import TestSupport
import XCTest

final class BinderTests: RxTestCase {
    func testAppliesElementsOnTheMainThreadImmediatelyWhenThere() {
        let label = Label()
        let binder = Binder<String?>(label) { label, text in label.text = text }
        binder.onNext("a")
        XCTAssertEqual(label.text, "a")
        binder.onCompleted()
        binder.onNext("b")
        XCTAssertEqual(label.text, "b", "completion does not stop a binder")
    }

    func testHopsToTheMainThreadFromABackgroundThread() {
        let label = Label()
        let appliedOnMain = LockedBox<[Bool]>([])
        let binder = UncheckedSendable(
            Binder<String?>(label) { label, text in
                appliedOnMain.mutate { $0.append(Thread.isMainThread) }
                label.text = text
            })
        DispatchQueue.global().async { binder.value.onNext("from background") }
        XCTAssertTrue(runMainLoop(until: { !appliedOnMain.value.isEmpty }))
        XCTAssertEqual(appliedOnMain.value, [true])
        XCTAssertEqual(label.text, "from background")
    }

    func testHoldsItsTargetWeakly() {
        // Main-actor closures (Binder, emit) capture this test's locals.
        MainActor.assumeIsolated {
            var label: Label? = Label()
            weak let weakLabel = label
            var calls = 0
            let binder = Binder<Int>(label!) { _, _ in calls += 1 }
            label = nil
            XCTAssertNil(weakLabel)
            binder.onNext(1)
            XCTAssertEqual(calls, 0)
        }
    }

    func testRunsOnTheGivenScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let label = Label()
        let binder = Binder<String?>(label, scheduler: scheduler) { label, text in label.text = text }
        binder.onNext("later")
        XCTAssertNil(label.text)
        scheduler.start()
        XCTAssertEqual(label.text, "later")
    }

    func testErrorGoesToTheHookNamingTheBinder() {
        let reported = LockedBox<[String]>([])
        let previous = Hooks.bindingErrorHandler
        Hooks.bindingErrorHandler = { error, target in reported.mutate { $0.append("\(target): \(error)") } }
        defer { Hooks.bindingErrorHandler = previous }
        let label = Label()
        Observable<String?>.error(testError).bind(to: label.rx.text).dispose()
        XCTAssertEqual(reported.value, ["Binder<Optional<String>>: test"])
    }

    func testKeyPathBinderFromReactive() {
        final class Model: ReactiveCompatible {
            var count = 0
        }
        let model = Model()
        let subscription = Observable.of(1, 2, 3).bind(to: model.rx.count)
        XCTAssertEqual(model.count, 3)
        subscription.dispose()
    }

    func testBindToSeveralObserversAndOptionalWrapping() {
        let first = Label()
        let second = Label()
        let recorded = ReplaySubject<String?>.createUnbounded()
        let subscription = Observable.of("x", "y").bind(to: first.rx.text, second.rx.text)
        let recording = Observable.of("x", "y").bind(to: recorded)
        XCTAssertEqual([first.text, second.text], ["y", "y"])
        recording.dispose()
        var seen: [String?] = []
        recorded.subscribe(onNext: { seen.append($0) }).dispose()
        XCTAssertEqual(seen, ["x", "y"])
        subscription.dispose()
    }

    func testBindWithObjectAndCurriedBinders() {
        let label = Label()
        var seen: [String] = []
        let first = Observable.of(1, 2).bind(with: label) { label, value in
            seen.append("\(value)"); label.text = "\(value)"
        }
        XCTAssertEqual(seen, ["1", "2"])
        XCTAssertEqual(label.text, "2")
        let count = Observable.of(1, 2, 3).bind(to: { (source: Observable<Int>) in source.toArray() })
        var arrays: [[Int]] = []
        let second = count.subscribe(onSuccess: { arrays.append($0) })
        XCTAssertEqual(arrays, [[1, 2, 3]])
        first.dispose()
        second.dispose()
    }

    func testBindOnNextReportsErrorsToTheHook() {
        let reported = LockedBox<[String]>([])
        let previous = Hooks.bindingErrorHandler
        Hooks.bindingErrorHandler = { _, target in reported.mutate { $0.append(target) } }
        defer { Hooks.bindingErrorHandler = previous }
        var seen: [Int] = []
        Observable<Int>.concat(.just(1), .error(testError)).bind(onNext: { seen.append($0) }).dispose()
        XCTAssertEqual(seen, [1])
        XCTAssertEqual(reported.value, ["bind(onNext:)"])
    }
}
