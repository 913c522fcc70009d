import RxSwift
import RxTest
import TestSupport
import XCTest

final class MapFusionTests: RxTestCase {
    func testConsecutiveMapsBehaveAsSeparateOnes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start {
            xs.map { $0 + 1 }.map { $0 * 10 }.map { value -> Int in
                if value == 40 { throw testError }
                return value
            }
        }
        XCTAssertEqual(res.events, [.next(210, 20), .next(220, 30), .error(230, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        var fifty = Observable.just(0)
        for _ in 0..<50 { fifty = fifty.map { $0 + 1 } }
        XCTAssertEqual(collect(fifty), [.next(50), .completed])
        // A long chain after a subject (one loop over a list of steps): each closure still runs
        // once, in order.
        let subject = PublishSubject<Int>()
        var chain = subject.asObservable()
        var order: [Int] = []
        for level in 0..<200 {
            chain = chain.map { value in
                order.append(level)
                return value &* 31 &+ level
            }
        }
        var expected = 0
        for level in 0..<200 { expected = expected &* 31 &+ level }
        var received: [Int] = []
        let subscription = chain.subscribe(onNext: { received.append($0) })
        subject.onNext(0)
        subscription.dispose()
        XCTAssertEqual(received, [expected])
        XCTAssertEqual(order, Array(0..<200))
    }

    /// Past the 64 maps that `just`, `from` and a `filter` after `from` apply as they emit, a
    /// `map` is a stage of its own whose later maps are one loop: every closure still runs once,
    /// in order, per element; and two chains that share a long prefix (one extends its list in
    /// place, the other copies it) each run their own steps only.
    func testLongChainsAfterEachSourceRunEveryStepOnceInOrder() {
        var order: [Int] = []
        func lengthen(_ source: Observable<Int>, by count: Int) -> Observable<Int> {
            var chain = source
            for level in 0..<count {
                chain = chain.map { value in
                    order.append(level)
                    return value &* 31 &+ level
                }
            }
            return chain
        }
        func expected(from start: Int, levels: Range<Int>) -> Int {
            levels.reduce(start) { $0 &* 31 &+ $1 }
        }
        let sources: [(String, Observable<Int>, [Int])] = [
            ("just", .just(5), [5]), ("from", .from([5, 6]), [5, 6]),
            ("from.filter", Observable.from([5, 7, 6]).filter { $0 != 7 }, [5, 6]),
        ]
        for (name, source, inputs) in sources {
            order = []
            XCTAssertEqual(
                collect(lengthen(source, by: 200)),
                inputs.map { .next(expected(from: $0, levels: 0..<200)) } + [.completed], name)
            XCTAssertEqual(order, Array(repeating: Array(0..<200), count: inputs.count).flatMap { $0 }, name)
        }
        let subject = PublishSubject<Int>()
        let prefix = lengthen(subject.asObservable(), by: 100)
        let left = prefix.map { $0 &+ 1 }
        let right = prefix.map { $0 &- 1 }.map { $0 &* 2 }
        var received: [String] = []
        let subscriptions = [
            left.subscribe(onNext: { received.append("left \($0)") }),
            right.subscribe(onNext: { received.append("right \($0)") }),
        ]
        order = []
        subject.onNext(1)
        subscriptions.forEach { $0.dispose() }
        let shared = expected(from: 1, levels: 0..<100)
        XCTAssertEqual(received, ["left \(shared &+ 1)", "right \((shared &- 1) &* 2)"])
        XCTAssertEqual(order, Array(0..<100) + Array(0..<100))
    }

    /// Three or more maps of one type are one stage that calls each transform in turn: in chain
    /// order, the ones after a throwing one not at all, and a chain extended in two ways gives
    /// two independent chains (the prefix is shared, neither extension changes it).
    func testMapsOfOneTypeRunInOrderAndBranchesStayIndependent() {
        let subject = PublishSubject<Int>()
        var calls: [String] = []
        let prefix = subject.map { value -> Int in
            calls.append("a")
            return value + 1
        }.map { value -> Int in
            calls.append("b")
            if value == 0 { throw testError }
            return value * 10
        }.map { value -> Int in
            calls.append("c")
            return value - 3
        }
        let left = prefix.map { value -> Int in
            calls.append("left")
            return value * 2
        }
        let right = prefix.map { $0 + 1000 }.map { "\($0)" }.map { $0 + "!" }
        let observers = (
            TestScheduler(initialClock: 0).createObserver(Int.self),
            TestScheduler(initialClock: 0).createObserver(String.self),
            TestScheduler(initialClock: 0).createObserver(Int.self)
        )
        let subscriptions = [left.subscribe(observers.0), right.subscribe(observers.1), prefix.subscribe(observers.2)]
        subject.onNext(1)
        XCTAssertEqual(calls, ["a", "b", "c", "left", "a", "b", "c", "a", "b", "c"])
        calls = []
        subject.onNext(-1)
        XCTAssertEqual(calls, ["a", "b", "a", "b", "a", "b"], "nothing after the step that threw")
        subject.onNext(5)
        subscriptions.forEach { $0.dispose() }
        XCTAssertEqual(observers.0.events, [.next(0, 34), .error(0, testError)])
        XCTAssertEqual(observers.1.events, [.next(0, "1017!"), .error(0, testError)])
        XCTAssertEqual(observers.2.events, [.next(0, 17), .error(0, testError)])
        XCTAssertFalse(subject.hasObservers)
    }

    /// `just(x).map(f)` is one sequence; what its subscribers see is what the two operators give.
    func testJustThenMapEmitsTheTransformedElementPerSubscription() {
        var calls = 0
        let mapped = Observable.just(2).map { value -> Int in
            calls += 1
            return value * 10
        }
        XCTAssertEqual(calls, 0, "the transform waits for a subscription")
        XCTAssertEqual(collect(mapped), [.next(20), .completed])
        XCTAssertEqual(collect(mapped.map { $0 + 1 }), [.next(21), .completed])
        XCTAssertEqual(calls, 2)
    }

    func testJustThenMapThatThrowsFailsWithoutCompleting() {
        let mapped = Observable.just(1).map { _ -> Int in throw testError }
        XCTAssertEqual(collect(mapped), [.error(testError)])
        XCTAssertEqual(collect(mapped.map { $0 + 1 }), [.error(testError)])
    }

    /// Like `map`, it subscribes on the trampoline: work a subscriber schedules on the current
    /// thread while receiving runs after the subscription, not inside it.
    func testJustThenMapSubscribesOnTheTrampoline() {
        var log: [String] = []
        _ = Observable.just(1).map { $0 }.subscribe(
            onNext: { _ in
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    log.append("scheduled")
                    return Disposables.create()
                }
                log.append("next")
            }, onCompleted: { log.append("completed") })
        XCTAssertEqual(log, ["next", "completed", "scheduled"])
    }

    func testJustThenMapToAForeignObserver() {
        let observer = TestScheduler(initialClock: 0).createObserver(Int.self)
        _ = Observable.just(3).map { $0 * 2 }.subscribe(observer)
        XCTAssertEqual(observer.events, [.next(0, 6), .completed(0)])
    }
}
