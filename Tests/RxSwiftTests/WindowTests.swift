import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

final class WindowTests: RxTestCase {
    /// Records each window as "opened at: elements".
    private func record(
        _ windows: Observable<Observable<Int>>, scheduler: TestScheduler, disposed: TestTime = 1000
    ) -> [String] {
        var log: [String] = []
        var index = 0
        let bag = DisposeBag()
        scheduler.scheduleAt(200) {
            windows.subscribe(
                onNext: { window in
                    let number = index
                    index += 1
                    log.append("w\(number)@\(scheduler.clock)")
                    window.subscribe(
                        onNext: { log.append("w\(number):\($0)") }, onError: { _ in log.append("w\(number):#") },
                        onCompleted: { log.append("w\(number):|") }
                    ).disposed(by: bag)
                }, onError: { _ in log.append("#") }, onCompleted: { log.append("|") }
            ).disposed(by: bag)
        }
        scheduler.scheduleAt(disposed) { _ = bag }
        scheduler.start()
        return log
    }

    func testCountClosesWindows() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let log = record(source.window(timeSpan: .seconds(1000), count: 2, scheduler: scheduler), scheduler: scheduler)
        XCTAssertEqual(log, ["w0@200", "w0:1", "w0:2", "w0:|", "w1@220", "w1:3", "w1:|", "|"])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 240)])
    }

    func testTimeSpanClosesWindows() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .error(270, testError)])
        let log = record(source.window(timeSpan: .seconds(50), count: 10, scheduler: scheduler), scheduler: scheduler)
        XCTAssertEqual(log, ["w0@200", "w0:1", "w0:|", "w1@250", "w1:2", "w1:#", "#"])
    }

    func testCountBelowOneFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable<Int>.never().window(timeSpan: .seconds(1), count: 0, scheduler: scheduler).map { _ in 0 }
        }
        XCTAssertEqual(res.events, [.error(200, RxError.argumentOutOfRange)])
    }

    func testDisposalStopsTimerAndSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start(disposed: 300) {
            source.window(timeSpan: .seconds(40), count: 5, scheduler: scheduler).map { _ in "w" }
        }
        XCTAssertEqual(res.events, [.next(200, "w"), .next(240, "w"), .next(280, "w")])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }
}
