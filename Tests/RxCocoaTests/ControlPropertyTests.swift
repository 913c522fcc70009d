import Foundation
import RxCocoa
import RxSwift
import RxTest
import TestSupport
import XCTest

final class ControlPropertyTests: RxTestCase {
    func testTestsRunOnTheMainThread() {
        // The UI-facing tests below rely on it (drive and emit must be called on the main thread).
        XCTAssertTrue(Thread.isMainThread)
    }

    func testEmitsTheCurrentValueThenUserEdits() {
        let field = TextField(text: "a")
        var seen: [String?] = []
        let subscription = field.rx.text.subscribe(onNext: { seen.append($0) })
        field.simulateTyping("ab")
        field.text = "programmatic"
        field.simulateTyping(nil)
        subscription.dispose()
        field.simulateTyping("after dispose")
        XCTAssertEqual(seen, ["a", "ab", nil])
    }

    func testBindingIntoThePropertySetsIt() {
        let field = TextField()
        let subscription = Observable.of("x", "y").bind(to: field.rx.text)
        XCTAssertEqual(field.text, "y")
        subscription.dispose()
    }

    func testOrEmptyReadsNilAsEmptyAndBindsBack() {
        let field = TextField(text: nil)
        var seen: [String] = []
        let subscription = field.rx.text.orEmpty.subscribe(onNext: { seen.append($0) })
        field.simulateTyping("q")
        field.simulateTyping(nil)
        let binding = Observable.just("set").bind(to: field.rx.text.orEmpty)
        XCTAssertEqual(field.text, "set")
        subscription.dispose()
        binding.dispose()
        XCTAssertEqual(seen, ["", "q", ""])
    }

    func testChangedSkipsTheCurrentValue() {
        let field = TextField(text: "initial")
        var seen: [String?] = []
        let subscription = field.rx.text.changed.subscribe(onNext: { seen.append($0) })
        field.simulateTyping("edit")
        subscription.dispose()
        XCTAssertEqual(seen, ["edit"])
    }

    func testCompletesWhenTheControlGoesAway() {
        var field: TextField? = TextField(text: "a")
        var completed = false
        let subscription = field!.rx.text.subscribe(onCompleted: { completed = true })
        XCTAssertFalse(completed)
        field = nil
        XCTAssertTrue(completed)
        subscription.dispose()
    }

    func testBoundErrorGoesToTheBindingErrorHook() {
        let reported = LockedBox<[String]>([])
        let previous = Hooks.bindingErrorHandler
        Hooks.bindingErrorHandler = { error, target in reported.mutate { $0.append("\(target): \(error)") } }
        defer { Hooks.bindingErrorHandler = previous }
        let field = TextField(text: "kept")
        let subscription = Observable<String?>.error(testError).bind(to: field.rx.text)
        subscription.dispose()
        XCTAssertEqual(reported.value, ["ControlProperty<Optional<String>>: test"])
        XCTAssertEqual(field.text, "kept")
    }

    func testSubscribedAndDeliveredOnTheMainThreadWhenSubscribedFromABackgroundThread() {
        let subscribedOnMain = LockedBox<[Bool]>([])
        let deliveredOnMain = LockedBox<[Bool]>([])
        let values = PublishSubject<Int>()
        let source = Observable<Int>.create { observer in
            subscribedOnMain.mutate { $0.append(Thread.isMainThread) }
            return values.subscribe(observer)
        }
        let property = UncheckedSendable(ControlProperty(values: source, valueSink: AnyObserver<Int> { _ in }))
        let holder = SerialDisposable()
        let subscribed = LockedBox(false)
        DispatchQueue.global().async {
            holder.disposable = property.value.subscribe(onNext: { _ in
                deliveredOnMain.mutate { $0.append(Thread.isMainThread) }
            })
            subscribed.mutate { $0 = true }
        }
        XCTAssertTrue(runMainLoop(until: { subscribedOnMain.value.count == 1 && subscribed.value }))
        DispatchQueue.global().async { values.onNext(1) }
        values.onNext(2)
        XCTAssertTrue(runMainLoop(until: { deliveredOnMain.value.count == 2 }))
        XCTAssertEqual(subscribedOnMain.value, [true])
        XCTAssertEqual(deliveredOnMain.value, [true, true])
        holder.dispose()
    }
}
