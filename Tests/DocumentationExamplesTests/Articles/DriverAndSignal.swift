// swift-format-ignore-file
// (Laid out as the article shows it; SamplesAreCompiledTests compares the two.)
// The code of RxCocoa.docc/DriverAndSignal.md, compiled and run.

import RxCocoa
import RxRelay
import RxSwift
import RxTest
import TestSupport
import XCTest

struct CounterModel {
    let count: Driver<String>
    let milestone: Signal<String>

    init(taps: Signal<Void>) {
        let total = taps.scan(0) { total, _ in total + 1 }
        count = total.map { "\($0) taps" }.asDriver(onErrorJustReturn: "")
        milestone = total.filter { $0 % 3 == 0 }.map { "\($0)!" }
    }
}

final class DriverAndSignalTests: RxTestCase {
    func testAScreenModel() {
        let taps = PublishRelay<Void>()
        let model = CounterModel(taps: taps.asSignal())
        var shown: [String] = []
        var celebrated: [String] = []
        let bag = DisposeBag()
        model.count.drive(onNext: { shown.append($0) }).disposed(by: bag)
        model.milestone.emit(onNext: { celebrated.append($0) }).disposed(by: bag)
        for _ in 1...3 { taps.accept(()) }
        // shown: ["1 taps", "2 taps", "3 taps"], celebrated: ["3!"]
        XCTAssertEqual(shown, ["1 taps", "2 taps", "3 taps"])
        XCTAssertEqual(celebrated, ["3!"])
    }

    func testLateSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let xs = scheduler.createHotObservable("-a--b-----c--", values: ["a": 1, "b": 2, "c": 3])
            let driver = xs.asDriver(onErrorJustReturn: 0)
            let signal = xs.asSignal(onErrorJustReturn: 0)
            let fromDriver = scheduler.createObserver(Int.self)
            let fromSignal = scheduler.createObserver(Int.self)
            let bag = DisposeBag()   // disposes of the four subscriptions when the test ends
            scheduler.scheduleAt(200) { driver.drive(onNext: { _ in }).disposed(by: bag) }   // the first subscribers
            scheduler.scheduleAt(200) { signal.emit(onNext: { _ in }).disposed(by: bag) }
            scheduler.scheduleAt(270) { driver.drive(fromDriver).disposed(by: bag) }         // later ones, at 270
            scheduler.scheduleAt(270) { signal.emit(to: fromSignal).disposed(by: bag) }
            scheduler.start()
            XCTAssertEqual(fromDriver.events, [.next(270, 2), .next(301, 3)])   // b replayed, then c
            XCTAssertEqual(fromSignal.events, [.next(301, 3)])                  // c only
        }
    }
}
