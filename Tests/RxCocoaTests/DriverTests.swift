import Foundation
import RxCocoa
import RxSwift
import RxTest
import TestSupport
import XCTest

/// A fake search service: counts requests and answers after 100 ms (an error for "fail"). Tests
/// use a TestScheduler whose tick is a millisecond.
final class SearchService {
    let scheduler: TestScheduler
    private(set) var requests: [String] = []

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    func fetchAutoCompleteItems(_ query: String?) -> Observable<[String]> {
        Observable.deferred { [self] in
            let query = query ?? ""
            requests.append(query)
            if query == "fail" {
                return Observable<[String]>.error(testError).delaySubscription(.milliseconds(100), scheduler: scheduler)
            }
            let items = query.isEmpty ? [] : (1...query.count).map { "\(query) \($0)" }
            return Observable.just(items).delay(.milliseconds(100), scheduler: scheduler)
        }
    }
}

final class DriverTests: RxTestCase {
    /// A loop that only needs the latest value keeps one: the values accepted before it reads
    /// anything collapse into the last.
    @MainActor
    func testValuesBufferingNewestKeepsTheLatest() async {
        let relay = BehaviorRelay(value: 0)
        var stream = relay.asDriver().values(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
        relay.accept(1)
        relay.accept(2)
        let latest = await stream.next()
        XCTAssertEqual(latest, 2)
    }

    /// The seeds' search screen, Driver version, word for word (with stand-in controls).
    func testSeedSearchScreenWithDriverSharesOneRequestBetweenTwoBindings() {
        MainActor.assumeIsolated {
            let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
            let service = SearchService(scheduler: scheduler)
            let query = TextField()
            let resultCount = Label()
            let resultsTableView = TableView()
            let disposeBag = DisposeBag()

            SharingScheduler.mock(scheduler: scheduler) {
                let results = query.rx.text.asDriver()
                    .throttle(.milliseconds(300), scheduler: MainScheduler.instance)
                    .flatMapLatest { query in
                        service.fetchAutoCompleteItems(query)
                            .asDriver(onErrorJustReturn: [])
                    }

                results
                    .map { "\($0.count)" }
                    .drive(resultCount.rx.text)
                    .disposed(by: disposeBag)

                results
                    .drive(resultsTableView.rx.items(cellIdentifier: "Cell")) { (_, result, cell) in
                        cell.textLabel?.text = "\(result)"
                    }
                    .disposed(by: disposeBag)
            }

            scheduler.scheduleAt(1_000) { query.simulateTyping("ab") }
            scheduler.scheduleAt(1_100) { query.simulateTyping("abc") }
            scheduler.scheduleAt(2_000) { query.simulateTyping("fail") }
            scheduler.advanceTo(1_050)
            XCTAssertEqual(service.requests, ["", "ab"], "the initial empty text, then the first edit at once")
            scheduler.advanceTo(1_500)
            XCTAssertEqual(service.requests, ["", "ab", "abc"], "throttled: the latest edit at the end of the window")
            XCTAssertEqual(resultCount.text, "3")
            XCTAssertEqual(resultsTableView.visibleTexts, ["abc 1", "abc 2", "abc 3"])
            scheduler.advanceTo(3_000)
            XCTAssertEqual(service.requests, ["", "ab", "abc", "fail"], "one request per query for both bindings")
            XCTAssertEqual(resultCount.text, "0", "a failed request shows the fallback")
            XCTAssertEqual(resultsTableView.visibleTexts, [])
            query.simulateTyping("xyz")
            scheduler.advanceTo(4_000)
            XCTAssertEqual(resultCount.text, "3", "the Driver survives a failed request")
        }
    }

    /// The seeds' first version: plain Observables, no sharing: every binding makes its own request.
    func testSeedSearchScreenWithoutShareMakesOneRequestPerBinding() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let service = SearchService(scheduler: scheduler)
        let query = TextField()
        let resultCount = Label()
        let resultsTableView = TableView()
        let disposeBag = DisposeBag()
        let results = query.rx.text
            .throttle(.milliseconds(300), scheduler: scheduler)
            .flatMapLatest { query in
                service.fetchAutoCompleteItems(query)
            }
        results
            .map { "\($0.count)" }
            .bind(to: resultCount.rx.text)
            .disposed(by: disposeBag)
        results
            .bind(to: resultsTableView.rx.items(cellIdentifier: "Cell")) { (_, result, cell) in
                cell.textLabel?.text = "\(result)"
            }
            .disposed(by: disposeBag)
        query.simulateTyping("ab")
        scheduler.start()
        XCTAssertEqual(service.requests, ["", "", "ab", "ab"])
        XCTAssertEqual(resultCount.text, "2")
        XCTAssertEqual(resultsTableView.visibleTexts, ["ab 1", "ab 2"])
    }

    /// The seeds' second version: observe on main, catch, and share(replay: 1).
    func testSeedSearchScreenWithShareReplayMakesOneRequest() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let service = SearchService(scheduler: scheduler)
        let query = TextField(text: "a")
        let resultCount = Label()
        let disposeBag = DisposeBag()
        let results = query.rx.text
            .throttle(.milliseconds(300), scheduler: scheduler)
            .flatMapLatest { query in
                service.fetchAutoCompleteItems(query)
                    .observe(on: MainScheduler.instance)
                    .catchAndReturn([])
            }
            .share(replay: 1)
        results.map { "\($0.count)" }.bind(to: resultCount.rx.text).disposed(by: disposeBag)
        var rows: [[String]] = []
        results.subscribe(onNext: { rows.append($0) }).disposed(by: disposeBag)
        scheduler.start()
        XCTAssertEqual(service.requests, ["a"])
        XCTAssertEqual(resultCount.text, "1")
        XCTAssertEqual(rows, [["a 1"]])
    }

    func testReplaysTheLatestElementToANewSubscriber() {
        MainActor.assumeIsolated {
            let relay = BehaviorRelay(value: 1)
            let driver = relay.asDriver()
            var first: [Int] = []
            var second: [Int] = []
            let a = driver.drive(onNext: { first.append($0) })
            relay.accept(2)
            let b = driver.drive(onNext: { second.append($0) })
            relay.accept(3)
            a.dispose()
            b.dispose()
            XCTAssertEqual(first, [1, 2, 3])
            XCTAssertEqual(second, [2, 3])
        }
    }

    /// The sharing lasts while someone is subscribed (`.whileConnected`): a subscriber arriving
    /// after all the others left subscribes to the source again and gets no element replayed
    /// from the connection that ended.
    func testASubscriberAfterAllOthersLeftStartsAFreshConnection() {
        MainActor.assumeIsolated {
            var connections = 0
            let source = Observable<Int>.deferred {
                connections += 1
                return Observable.just(connections * 10).concat(Observable.never())
            }
            let driver = source.asDriver(onErrorJustReturn: -1)
            var first: [Int] = []
            var later: [Int] = []
            let a = driver.drive(onNext: { first.append($0) })
            let b = driver.drive(onNext: { first.append($0) })
            a.dispose()
            b.dispose()
            let c = driver.drive(onNext: { later.append($0) })
            c.dispose()
            XCTAssertEqual(first, [10, 10])
            XCTAssertEqual(later, [20])
            XCTAssertEqual(connections, 2)
        }
    }

    func testErrorRecoveryForms() {
        MainActor.assumeIsolated {
            let failing = Observable<Int>.concat(.just(1), .error(testError))
            var seen: [String] = []
            _ = failing.asDriver(onErrorJustReturn: -1).drive(
                onNext: { seen.append("just \($0)") }, onCompleted: { seen.append("just done") })
            _ = failing.asDriver(onErrorDriveWith: .just(9)).drive(onNext: { seen.append("with \($0)") })
            _ = failing.asDriver(onErrorRecover: { error in .just(error is TestError ? 7 : 0) }).drive(onNext: {
                seen.append("recover \($0)")
            })
            XCTAssertEqual(seen, ["just 1", "just -1", "just done", "with 1", "with 9", "recover 1", "recover 7"])
        }
    }

    func testDeliversOnTheMainThreadWhenTheSourceEmitsOnABackgroundThread() {
        MainActor.assumeIsolated {
            let background = SerialDispatchQueueScheduler(qos: .default)
            var threads: [Bool] = []
            var completed = false
            let subscription = Observable.of(1, 2, 3)
                .subscribe(on: background)
                .asDriver(onErrorJustReturn: 0)
                .drive(onNext: { _ in threads.append(Thread.isMainThread) }, onCompleted: { completed = true })
            XCTAssertTrue(runMainLoop(until: { completed }))
            XCTAssertEqual(threads, [true, true, true])
            subscription.dispose()
        }
    }

    func testDriveIntoRelaysAndObservers() {
        MainActor.assumeIsolated {
            let source = Driver.of(1, 2)
            let behavior = BehaviorRelay(value: 0)
            let optional = BehaviorRelay<Int?>(value: nil)
            let replay = ReplayRelay<Int>.createUnbound()
            let label = Label()
            let bag = DisposeBag()
            source.drive(behavior).disposed(by: bag)
            source.drive(optional).disposed(by: bag)
            source.drive(replay).disposed(by: bag)
            source.map { "\($0)" }.drive(label.rx.text).disposed(by: bag)
            // As in RxSwift, `of` emits one main-scheduler step per element: the first at once,
            // the rest from the main queue.
            XCTAssertEqual(behavior.value, 1)
            let deadline = Date().addingTimeInterval(5)
            while label.text != "2" && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.001)) }
            var replayed: [Int] = []
            replay.subscribe(onNext: { replayed.append($0) }).disposed(by: bag)
            XCTAssertEqual(behavior.value, 2)
            XCTAssertEqual(optional.value, 2)
            XCTAssertEqual(replayed, [1, 2])
            XCTAssertEqual(label.text, "2")
        }
    }

    func testDriveWithObjectStopsOnceTheObjectIsGone() {
        MainActor.assumeIsolated {
            let relay = BehaviorRelay(value: 0)
            var owner: Label? = Label()
            var seen: [Int] = []
            var disposedCalls = 0
            let subscription = relay.asDriver().drive(
                with: owner!,
                onNext: { label, value in
                    label.text = "\(value)"
                    seen.append(value)
                }, onDisposed: { _ in disposedCalls += 1 })
            relay.accept(1)
            XCTAssertEqual(owner?.text, "1")
            owner = nil
            relay.accept(2)
            subscription.dispose()
            XCTAssertEqual(seen, [0, 1])
            XCTAssertEqual(disposedCalls, 0, "the object is gone, so its onDisposed is not called")
        }
    }

    func testOnDisposedRunsOnceOnTheMainActor() {
        MainActor.assumeIsolated {
            var disposed = 0
            let subscription = Driver<Int>.never().drive(onDisposed: { disposed += 1 })
            subscription.dispose()
            subscription.dispose()
            XCTAssertEqual(disposed, 1)
            var completedThenDisposed: [String] = []
            _ = Driver.just(1).drive(
                onCompleted: { completedThenDisposed.append("completed") },
                onDisposed: { completedThenDisposed.append("disposed") })
            XCTAssertEqual(completedThenDisposed, ["completed", "disposed"])
        }
    }

    func testOperatorsOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 2), .next(300, 3), .completed(400),
        ])
        let observer = scheduler.createObserver(String.self)
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = source.asDriver(onErrorJustReturn: -1)
                .distinctUntilChanged()
                .filter { $0 > 1 }
                .map { "\($0)" }
                .startWith("start")
            scheduler.scheduleAt(200) { _ = driver.asObservable().subscribe(observer) }
        }
        scheduler.start()
        // observe(on: scheduler) in asDriver delivers one tick after each source event.
        XCTAssertEqual(observer.events, [.next(200, "start"), .next(221, "2"), .next(301, "3"), .completed(401)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 400)])
    }

    func testCombineLatestZipAndWithLatestFrom() {
        MainActor.assumeIsolated {
            let a = BehaviorRelay(value: 1)
            let b = BehaviorRelay(value: "x")
            var combined: [String] = []
            var zipped: [String] = []
            var latest: [String] = []
            let bag = DisposeBag()
            Driver.combineLatest(a.asDriver(), b.asDriver()) { "\($0)\($1)" }.drive(onNext: { combined.append($0) })
                .disposed(by: bag)
            Driver.zip(a.asDriver(), b.asDriver()).map { "\($0)\($1)" }.drive(onNext: { zipped.append($0) }).disposed(
                by: bag)
            a.asDriver().withLatestFrom(b.asDriver()) { "\($0)\($1)" }.drive(onNext: { latest.append($0) }).disposed(
                by: bag)
            var collected: [[Int]] = []
            Driver.combineLatest([a.asDriver(), a.asDriver().map { $0 * 10 }]).drive(onNext: { collected.append($0) })
                .disposed(by: bag)
            Driver.zip([a.asDriver(), a.asDriver()]) { $0.reduce(0, +) }.drive(onNext: { collected.append([$0]) })
                .disposed(by: bag)
            a.accept(2)
            b.accept("y")
            XCTAssertEqual(collected, [[1, 10], [2], [2, 10], [2, 20], [4]])
            XCTAssertEqual(combined, ["1x", "2x", "2y"])
            XCTAssertEqual(zipped, ["1x", "2y"])
            XCTAssertEqual(latest, ["1x", "2x"])
        }
    }

    /// The `async` operators deliver their results on the main thread, as a Driver must: the
    /// `drive` closure here is main-actor code, which would stop the program anywhere else.
    @MainActor
    func testAsyncTransformsDeliverOnTheMainThread() async {
        var values: [Int] = []
        var onMain: [Bool] = []
        let subscription = Driver.of(1, 2).concatMap { value async in value * 10 }
            .drive(onNext: { value in
                values.append(value)
                onMain.append(Thread.isMainThread)
            })
        _ = await eventually { values.count >= 2 }
        XCTAssertEqual(values, [10, 20])
        XCTAssertEqual(onMain, [true, true])
        subscription.dispose()
    }

    /// A screen that keeps its own `drive` subscription, whose closure captures the screen, is
    /// freed once it disposes the subscription (the closure kept both alive).
    func testAScreenKeepingItsOwnDriveSubscriptionIsFreedWhenItDisposesIt() {
        MainActor.assumeIsolated {
            final class Screen {
                var subscription: Disposable?
                var shown = 0

                func show(_ driver: Driver<Int>) {
                    subscription = driver.drive(onNext: { self.shown = $0 })
                }
            }
            let relay = BehaviorRelay(value: 1)
            var screen: Screen? = Screen()
            weak let watched = screen
            let before = Resources.total
            screen!.show(relay.asDriver())
            XCTAssertEqual(screen?.shown, 1)
            screen!.subscription?.dispose()
            screen = nil
            XCTAssertNil(watched)
            XCTAssertEqual(Resources.total, before)
        }
    }

    /// `startWith` gives a Driver that is shared, as every Driver operator does: a subscriber that
    /// joins later gets the latest element replayed, not the start element again (RxSwift 6.10's
    /// output, recorded outside the repository: 300:5).
    func testStartWithIsShared() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let hot = scheduler.createHotObservable([.next(250, 5)])
            let driver = hot.asDriver(onErrorJustReturn: 9).startWith(0)
            let first = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            let bag = DisposeBag()
            scheduler.scheduleAt(200) { driver.drive(first).disposed(by: bag) }
            scheduler.scheduleAt(300) { driver.drive(late).disposed(by: bag) }
            scheduler.start()
            XCTAssertEqual(first.events.map(\.value.element), [0, 5])
            XCTAssertEqual(late.events, [.next(300, 5)])
            XCTAssertEqual(hot.subscriptions, [Subscription(200)])
        }
    }

}
