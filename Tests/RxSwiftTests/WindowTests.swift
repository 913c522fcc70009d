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

    /// A `count` below 1 sets no limit, as in RxSwift 6.10 (checked against it): windows open
    /// by time only.
    func testCountBelowOneSetsNoLimit() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start {
            xs.window(timeSpan: .seconds(100), count: 0, scheduler: scheduler)
                .flatMap { $0.toArray().asObservable() }.map(\.count)
        }
        XCTAssertEqual(res.events, [.next(300, 3), .completed(300)])
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

    /// The count and the time limits together: a window that the count closes opens the next one
    /// with a timer of its own (a full `timeSpan` from its opening), and the earlier window's
    /// timer no longer closes anything. RxSwift's timeline.
    func testAWindowOpenedByTheCountGetsItsOwnTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(250, 3), .next(330, 4), .next(340, 5), .next(345, 6), .completed(400),
        ])
        let res = scheduler.start {
            xs.window(timeSpan: .seconds(100), count: 2, scheduler: scheduler).enumerated()
                .flatMap { index, window in window.map { "w\(index):\($0)" }.concat(Observable.just("w\(index) closed"))
                }
        }
        XCTAssertEqual(
            res.events,
            [
                .next(210, "w0:1"), .next(220, "w0:2"), .next(220, "w0 closed"), .next(250, "w1:3"),
                .next(320, "w1 closed"), .next(330, "w2:4"), .next(340, "w2:5"), .next(340, "w2 closed"),
                .next(345, "w3:6"), .next(400, "w3 closed"), .completed(400),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    /// `window(timeSpan: 100, count: 2)`, each window collected with `toArray()`: the count closes the first at 220.
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(220, [1, 2]), .next(240, [3]), .completed(240)]),
                .empty([.next(210, []), .completed(210)]),
                .error([.error(220, testError)]),
                .disposedMidStream([.next(220, [1, 2])]),
            ]
        ) { source, scheduler in
            source.window(timeSpan: .seconds(100), count: 2, scheduler: scheduler).flatMap { $0.toArray() }
        }
    }

    /// A window's timer firing while the source's completion closes the open window (here, from
    /// inside that window's completion) opens no window that nothing would complete: the
    /// flattened windows complete. (It opened one, and `flatMap { $0 }` waited for it forever.)
    func testATimerFiringAsTheSourceCompletesOpensNoWindow() {
        let scheduler = ManualScheduler()
        let subject = PublishSubject<Int>()
        var events: [Event<Int>] = []
        let subscription = subject.window(timeSpan: .milliseconds(1), count: 10, scheduler: scheduler)
            .flatMap { window in window.do(onCompleted: { scheduler.fire() }) }
            .subscribe { events.append($0) }
        subject.onNext(1)
        subject.onCompleted()
        XCTAssertEqual(events, [.next(1), .completed])
        subscription.dispose()
    }

    /// A window's timer starts once the window is downstream, one timer per window: each firing
    /// opens the next window and starts only its timer. (Started when the window was decided,
    /// timers on a loaded machine opened windows faster than they could be delivered.)
    func testEachWindowsTimerStartsOnceTheWindowIsDownstream() {
        let scheduler = ManualScheduler()
        var windows = 0
        var timersPendingAtDelivery: [Int] = []
        let subscription = Observable<Int>.never()
            .window(timeSpan: .milliseconds(1), count: 100, scheduler: scheduler)
            .subscribe(onNext: { _ in
                windows += 1
                timersPendingAtDelivery.append(scheduler.pending)
            })
        for _ in 0..<3 { XCTAssertEqual(scheduler.fire(), 1) }
        XCTAssertEqual(windows, 4)
        XCTAssertEqual(timersPendingAtDelivery, [0, 0, 0, 0])
        XCTAssertEqual(scheduler.pending, 1)
        subscription.dispose()
        // The timer still pending holds the subscription's stage until it runs (and does nothing).
        scheduler.fire()
    }

    /// An element that arrives after a timer opened the next window, before that window went
    /// downstream (here, from inside the closing window's completion; on real threads, from the
    /// source's thread while the timer's thread delivers), goes into the new window once it is
    /// downstream. (It was sent into the window before anyone could subscribe to it, and lost.)
    func testAnElementArrivingWhileATimerOpensTheNextWindowIsNotLost() {
        let scheduler = ManualScheduler()
        let subject = PublishSubject<Int>()
        var events: [Event<Int>] = []
        var windows = 0
        let subscription = subject.window(timeSpan: .milliseconds(1), count: 10, scheduler: scheduler)
            .flatMap { window -> Observable<Int> in
                windows += 1
                return windows == 1 ? window.do(onCompleted: { subject.onNext(5) }) : window
            }
            .subscribe { events.append($0) }
        subject.onNext(1)
        scheduler.fire()
        subject.onCompleted()
        XCTAssertEqual(events, [.next(1), .next(5), .completed])
        subscription.dispose()
    }
}
