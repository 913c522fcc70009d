import Foundation
import Observation
import RxSwift
import RxTest
import TestSupport
import XCTest

/// A main-actor model that records the thread of every store.
@MainActor @Observable
final class ResultsModel {
    var items: [String] = [] {
        didSet { storedOnMain.append(Thread.isMainThread) }
    }
    var selection: String?
    @ObservationIgnored var storedOnMain: [Bool] = []
    @ObservationIgnored var bag = DisposeBag()
}

/// An actor that binds a sequence into a model it owns.
actor ResultsStore {
    @Observable
    final class Model {
        var total = 0
    }

    private let model = Model()
    private var bag = DisposeBag()

    func bind(_ values: Observable<Int>) {
        values.bind(to: model, \.total).disposed(by: bag)
    }

    var total: Int {
        preconditionIsolated()
        return model.total
    }
}

final class BindToPropertyTests: RxTestCase {
    @MainActor
    func testMarbles_EveryElementIsStoredAtItsVirtualTimeAndTheEndsAreIgnored() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = ResultsModel()
        let results = scheduler.createHotObservable([
            .next(210, ["a"]), .next(220, ["a", "b"]), .completed(230), .next(240, ["c"]),
        ])
        var stored: [Recorded<[String]>] = []
        scheduler.scheduleAt(200) { _ = results.bind(to: model, \.items) }
        for time in [205, 215, 225, 235, 245] {
            scheduler.scheduleAt(time) { stored.append(Recorded(time: time, value: model.items)) }
        }
        scheduler.start()
        XCTAssertEqual(
            stored.map(\.value), [[], ["a"], ["a", "b"], ["a", "b"], ["a", "b"]],
            "each element stored when it arrives, synchronously on main; nothing after the end")
        XCTAssertEqual(results.subscriptions, [Subscription(200, 230)])
    }

    @MainActor
    func testAnOptionalPropertyTakesTheElements() {
        let model = ResultsModel()
        let subscription = Observable.of("first", "second").bind(to: model, \.selection)
        XCTAssertEqual(model.selection, "second")
        subscription.dispose()
    }

    @MainActor
    func testElementsFromAnotherThreadAreStoredOnMainInOrder() async {
        let model = ResultsModel()
        let subject = PublishSubject<[String]>()
        let subscription = subject.bind(to: model, \.items)
        let sent = expectation(description: "sent")
        DispatchQueue.global().async {
            for index in 0..<100 { subject.onNext(["\(index)"]) }
            sent.fulfill()
        }
        await fulfillment(of: [sent], timeout: 30)
        let arrived = await eventually { model.items == ["99"] }
        XCTAssertTrue(arrived)
        XCTAssertEqual(model.storedOnMain, Array(repeating: true, count: 100))
        subscription.dispose()
    }

    @MainActor
    func testTheModelIsHeldWeaklySoTheModelMayKeepTheBinding() {
        weak var weakModel: ResultsModel?
        let subject = PublishSubject<[String]>()
        do {
            let model = ResultsModel()
            weakModel = model
            subject.bind(to: model, \.items).disposed(by: model.bag)
            subject.onNext(["a"])
            XCTAssertEqual(model.items, ["a"])
        }
        XCTAssertNil(weakModel, "the model owns its binding, which does not own the model")
        XCTAssertFalse(subject.hasObservers, "the model's bag disposed the binding")
    }

    @MainActor
    func testElementsAfterTheModelIsGoneAreDropped() {
        let subject = PublishSubject<[String]>()
        var model: ResultsModel? = ResultsModel()
        let subscription = subject.bind(to: model!, \.items)
        model = nil
        subject.onNext(["a"]) // nothing to store into, and no crash
        XCTAssertTrue(subject.hasObservers)
        subscription.dispose()
    }

    @MainActor
    func testAnErrorGoesToTheBindingErrorHandler() {
        let model = ResultsModel()
        var reported: [String] = []
        let previous = Hooks.bindingErrorHandler
        Hooks.bindingErrorHandler = { error, target in
            MainActor.assumeIsolated { reported.append("\(target): \(error)") }
        }
        defer { Hooks.bindingErrorHandler = previous }
        _ = Observable<[String]>.error(TestError.test).bind(to: model, \.items)
        XCTAssertEqual(reported.count, 1)
        XCTAssertTrue(reported.first?.hasPrefix("bind(to: ResultsModel, ") == true, reported.first ?? "")
        XCTAssertTrue(reported.first?.hasSuffix(": test") == true, reported.first ?? "")
    }

    func testInAnActorsCodeTheElementsAreStoredOnTheActor() async {
        let store = ResultsStore()
        let subject = PublishSubject<Int>()
        await store.bind(subject.asObservable())
        for value in 1...50 { subject.onNext(value) } // from outside the actor
        let total = await eventually(reading: { await store.total }, until: { $0 == 50 })
        XCTAssertEqual(total, 50)
    }
}
