import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

final class RetryWhenTests: RxTestCase {
    func testResubscribesWhenTheTriggerEmitsAndCompletesWithIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start {
            source.retry(when: { (errors: Observable<TestError>) in
                errors.enumerated().flatMap { attempt, error -> Observable<Int> in
                    attempt < 2 ? Observable.timer(.seconds(5), scheduler: scheduler) : .error(error)
                }
            })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(235, 1), .next(260, 1), .error(270, testError)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220), Subscription(225, 245), Subscription(250, 270)])
    }

    func testTriggerCompletionCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start { source.retry(when: { (errors: Observable<Error>) in errors.enumerated().take(while: { $0.index < 1 }) }) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .completed(240)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220), Subscription(220, 240)])
    }

    func testErrorsOfAnotherTypeAreForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, RxError.timeout)])
        let res = scheduler.start { source.retry(when: { (errors: Observable<TestError>) in errors }) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, RxError.timeout)])
    }

    func testDisposalEndsSourceAndTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let trigger = scheduler.createHotObservable([.next(500, ())])
        let res = scheduler.start(disposed: 300) { source.retry(when: { (_: Observable<Error>) in trigger }) }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 300)])
    }

    func testSynchronousRetriesUseConstantStack() {
        var attempts = 0
        let source = Observable<Int>.deferred {
            attempts += 1
            return attempts < 50_000 ? .error(testError) : .just(attempts)
        }
        var result: [Int] = []
        _ = source.retry(when: { (errors: Observable<Error>) in errors }).subscribe(onNext: { result.append($0) })
        XCTAssertEqual(result, [50_000])
    }

    @available(*, deprecated, message: "exercises deprecated aliases on purpose")
    func testDeprecatedAlias() {
        var attempts = 0
        let source = Observable<Int>.deferred { attempts += 1; return attempts < 3 ? .error(testError) : .just(attempts) }
        var result: [Int] = []
        _ = source.retryWhen { (errors: Observable<Error>) in errors }.subscribe(onNext: { result.append($0) })
        XCTAssertEqual(result, [3])
    }
}

final class SampleTests: RxTestCase {
    func testEmitsTheLatestUnsampledElementAtEachTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(300)])
        let sampler = scheduler.createHotObservable([.next(230, "x"), .next(250, "x"), .next(270, "x"), .next(310, "x"), .next(400, "x")])
        let res = scheduler.start { source.sample(sampler) }
        XCTAssertEqual(res.events, [.next(230, 2), .next(270, 3), .completed(310)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(sampler.subscriptions, [Subscription(200, 310)])
    }

    func testDefaultValueWhenNothingNew() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1)])
        let sampler = scheduler.createHotObservable([.next(220, ()), .next(230, ())])
        let res = scheduler.start { source.sample(sampler, defaultValue: 0) }
        XCTAssertEqual(res.events, [.next(220, 1), .next(230, 0)])
    }

    func testErrorsFromEitherSide() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .error(240, testError)])
        let sampler: TestableObservable<Void> = scheduler.createHotObservable([.error(220, TestError.other)])
        let res = scheduler.start { source.sample(sampler) }
        XCTAssertEqual(res.events, [Recorded<Event<Int>>.error(220, TestError.other)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
        let res2 = scheduler.start { Observable<Int>.error(testError).sample(Observable<Int>.never()) }
        XCTAssertEqual(res2.events.count, 1)
    }

    func testDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1)])
        let sampler = scheduler.createHotObservable([.next(220, ()), .next(260, ())])
        let res = scheduler.start(disposed: 250) { source.sample(sampler) }
        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(sampler.subscriptions, [Subscription(200, 250)])
    }
}

final class GroupByTests: RxTestCase {
    func testGroupsByKeyAndEndsGroupsWithTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250)])
        let keys = scheduler.createObserver(String.self)
        let odd = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) {
            source.groupBy { $0 % 2 == 0 ? "even" : "odd" }
                .subscribe(onNext: { group in
                    keys.onNext(group.key)
                    if group.key == "odd" { group.subscribe(odd).disposed(by: bag) }
                }, onCompleted: { keys.onCompleted() })
                .disposed(by: bag)
        }
        scheduler.start()
        XCTAssertEqual(keys.events, [.next(210, "odd"), .next(220, "even"), .completed(250)])
        XCTAssertEqual(odd.events, [.next(210, 1), .next(230, 3), .completed(250)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
    }

    func testThrowingKeySelectorFailsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let group = scheduler.createObserver(Int.self)
        let outer = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) {
            source.groupBy { value -> Int in
                if value == 2 { throw testError }
                return value
            }
            .do(onNext: { $0.subscribe(group).disposed(by: bag) })
            .map { $0.key }
            .subscribe(outer)
            .disposed(by: bag)
        }
        scheduler.start()
        XCTAssertEqual(outer.events, [.next(210, 1), .error(220, testError)])
        XCTAssertEqual(group.events, [.next(210, 1), .error(220, testError)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        let res = scheduler.start(disposed: 250) { source.groupBy { $0 }.map { $0.key } }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
    }
}

final class WindowTests: RxTestCase {
    /// Records each window as "opened at: elements".
    private func record(_ windows: Observable<Observable<Int>>, scheduler: TestScheduler, disposed: TestTime = 1000) -> [String] {
        var log: [String] = []
        var index = 0
        let bag = DisposeBag()
        scheduler.scheduleAt(200) {
            windows.subscribe(onNext: { window in
                let number = index
                index += 1
                log.append("w\(number)@\(scheduler.clock)")
                window.subscribe(onNext: { log.append("w\(number):\($0)") }, onError: { _ in log.append("w\(number):#") }, onCompleted: { log.append("w\(number):|") }).disposed(by: bag)
            }, onError: { _ in log.append("#") }, onCompleted: { log.append("|") }).disposed(by: bag)
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
        let res = scheduler.start { Observable<Int>.never().window(timeSpan: .seconds(1), count: 0, scheduler: scheduler).map { _ in 0 } }
        XCTAssertEqual(res.events, [.error(200, RxError.argumentOutOfRange)])
    }

    func testDisposalStopsTimerAndSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start(disposed: 300) { source.window(timeSpan: .seconds(40), count: 5, scheduler: scheduler).map { _ in "w" } }
        XCTAssertEqual(res.events, [.next(200, "w"), .next(240, "w"), .next(280, "w")])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }
}
