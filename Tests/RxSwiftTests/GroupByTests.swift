import RxSwift
import RxTest
import TestSupport
import XCTest

final class GroupByTests: RxTestCase {
    func testGroupsKeepTheSourceAliveAfterTheOuterSubscriptionIsDisposed() {
        let source = PublishSubject<String>()
        var log: [String] = []
        let bag = DisposeBag()
        let outer = source.groupBy { String($0.prefix(1)) }.subscribe(onNext: { group in
            group.subscribe(onNext: { log.append($0) }, onCompleted: { log.append("\(group.key) completed") }).disposed(
                by: bag)
        })
        source.onNext("a1")
        outer.dispose()
        XCTAssertTrue(source.hasObservers, "a group is still subscribed")
        source.onNext("a2")
        source.onNext("b1")
        source.onCompleted()
        XCTAssertEqual(log, ["a1", "a2", "a completed"], "no new group after the outer subscription ended")
    }

    func testDisposingTheLastGroupAfterTheOuterEndsTheSource() {
        let source = PublishSubject<Int>()
        var group: Disposable?
        let outer = source.groupBy { $0 % 2 }.subscribe(onNext: { group = $0.subscribe() })
        source.onNext(1)
        outer.dispose()
        XCTAssertTrue(source.hasObservers)
        group?.dispose()
        XCTAssertFalse(source.hasObservers)
    }

    func testGroupsByKeyAndEndsGroupsWithTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
        let keys = scheduler.createObserver(String.self)
        let odd = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) {
            source.groupBy { $0 % 2 == 0 ? "even" : "odd" }
                .subscribe(
                    onNext: { group in
                        keys.onNext(group.key)
                        if group.key == "odd" { group.subscribe(odd).disposed(by: bag) }
                    }, onCompleted: { keys.onCompleted() }
                )
                .disposed(by: bag)
        }
        scheduler.start()
        XCTAssertEqual(keys.events, [.next(210, "odd"), .next(220, "even"), .completed(250)])
        XCTAssertEqual(odd.events, [.next(210, 1), .next(230, 3), .completed(250)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
    }

    func testGroupsEndInTheOrderTheyWereEmitted() {
        // With a dictionary's order, 20 groups would end in a different order from run to run.
        let keys = (0..<20).map { ($0 * 7) % 20 }
        var ended: [Int] = []
        _ = Observable.from(keys + keys).groupBy { $0 }
            .flatMap { group in group.toArray().asObservable().map { _ in group.key } }
            .subscribe(onNext: { ended.append($0) })
        XCTAssertEqual(ended, keys)
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

    /// `groupBy { $0 % 2 }`, each group's elements tagged with its key (`key * 100 + element`).
    func testScenarios() {
        assertScenarios(
            [
                .elements([.next(210, 101), .next(220, 2), .next(230, 103), .completed(240)]),
                .empty([.completed(210)]),
                .error([.next(210, 101), .error(220, testError)]),
                .disposedMidStream([.next(210, 101), .next(220, 2)]),
            ]
        ) { source in source.groupBy { $0 % 2 }.flatMap { group in group.map { group.key * 100 + $0 } } }
    }
}
