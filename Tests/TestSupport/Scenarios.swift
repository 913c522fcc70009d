import RxSwift
import RxTest
import XCTest

/// One row of an operator's scenario table: a hot source's events on a `TestScheduler`, the
/// operator subscribed at 200 and disposed at `disposed`, and what must come of it: the events
/// it delivers and the source's subscriptions (when the operator subscribed and let go).
///
/// The standard inputs: ``elements(_:subscribed:)`` (`1`, `2`, `3` at 210, 220, 230, completed at
/// 240), ``empty(_:subscribed:)`` (completed at 210), ``error(_:subscribed:)`` (`1` at 210, an
/// error at 220) and ``disposedMidStream(_:subscribed:)`` (`1`, `2`, `3` at 210, 220, 230, no end,
/// disposed at 225). Each defaults to the subscription a plain operator makes: from 200 until the
/// source ends or the subscription is disposed.
public struct Scenario<Output: Equatable> {
    public let name: String
    public let input: [Recorded<Event<Int>>]
    public let disposed: TestTime
    public let expected: [Recorded<Event<Output>>]
    public let subscriptions: [Subscription]

    public init(
        _ name: String, input: [Recorded<Event<Int>>], disposed: TestTime = 1000,
        expected: [Recorded<Event<Output>>], subscriptions: [Subscription]
    ) {
        self.name = name
        self.input = input
        self.disposed = disposed
        self.expected = expected
        self.subscriptions = subscriptions
    }

    /// `1`, `2`, `3` at 210, 220, 230, then completion at 240.
    public static func elements(
        _ expected: [Recorded<Event<Output>>], subscribed: [Subscription] = [Subscription(200, 240)]
    ) -> Scenario {
        Scenario(
            "elements", input: [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)], expected: expected,
            subscriptions: subscribed)
    }

    /// Completion at 210, no element.
    public static func empty(
        _ expected: [Recorded<Event<Output>>], subscribed: [Subscription] = [Subscription(200, 210)]
    ) -> Scenario {
        Scenario("empty", input: [.completed(210)], expected: expected, subscriptions: subscribed)
    }

    /// `1` at 210, then `testError` at 220.
    public static func error(
        _ expected: [Recorded<Event<Output>>], subscribed: [Subscription] = [Subscription(200, 220)]
    ) -> Scenario {
        Scenario(
            "error", input: [.next(210, 1), .error(220, testError)], expected: expected, subscriptions: subscribed)
    }

    /// `1`, `2`, `3` at 210, 220, 230 and no end; the subscription is disposed at 225.
    public static func disposedMidStream(
        _ expected: [Recorded<Event<Output>>], subscribed: [Subscription] = [Subscription(200, 225)]
    ) -> Scenario {
        Scenario(
            "disposed mid-stream", input: [.next(210, 1), .next(220, 2), .next(230, 3)], disposed: 225,
            expected: expected, subscriptions: subscribed)
    }
}

/// Runs every row of `table` through the operator `makeOperator` makes of its source, each on a
/// scheduler of its own, and fails, naming the row, where the events or the source's
/// subscriptions differ from the row's.
public func assertScenarios<Output: Equatable>(
    _ table: [Scenario<Output>], file: StaticString = #filePath, line: UInt = #line,
    _ makeOperator: @escaping (Observable<Int>) -> Observable<Output>
) {
    assertScenarios(table, file: file, line: line) { source, _ in makeOperator(source) }
}

/// `assertScenarios(_:_:)` for an operator that needs the row's scheduler (a timer, another
/// test sequence): `makeOperator` receives it with the source.
public func assertScenarios<Output: Equatable>(
    _ table: [Scenario<Output>], file: StaticString = #filePath, line: UInt = #line,
    _ makeOperator: @escaping (Observable<Int>, TestScheduler) -> Observable<Output>
) {
    for row in table {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable(row.input)
        let observer = scheduler.start(disposed: row.disposed) { makeOperator(source.asObservable(), scheduler) }
        XCTAssertTrue(
            observer.events == row.expected,
            "\(row.name): events \(observer.events), expected \(row.expected)", file: file, line: line)
        XCTAssertTrue(
            source.subscriptions == row.subscriptions,
            "\(row.name): source subscriptions \(source.subscriptions), expected \(row.subscriptions)", file: file,
            line: line)
    }
}

/// What the operator delivers when its source is a subject and its subscriber sends the
/// subject's next input from inside each delivery (re-entrantly), starting with `inputs[0]`
/// (inputs that no delivery sends are sent after, then completion). `overlapped` says whether a
/// delivery began before the previous one returned: the Rx grammar forbids it.
public func reentrantDeliveries<Output>(
    of inputs: [Int], through makeOperator: (Observable<Int>) -> Observable<Output>
) -> (events: [Event<Output>], overlapped: Bool) {
    let subject = PublishSubject<Int>()
    var pending = inputs[...]
    var events: [Event<Output>] = []
    var depth = 0
    var overlapped = false
    let subscription = makeOperator(subject.asObservable()).subscribe { event in
        depth += 1
        if depth > 1 { overlapped = true }
        events.append(event)
        if case .next = event, let next = pending.popFirst() { subject.onNext(next) }
        depth -= 1
    }
    while let next = pending.popFirst() { subject.onNext(next) }
    subject.onCompleted()
    subscription.dispose()
    return (events, overlapped)
}

/// The inner sequence of the merge family's scenario tables, made for the outer element `value`:
/// cold, it sends `value * 10` 5 ticks after its subscription, `value * 10 + 1` after 15 and
/// completes after 18, so that inners started 10 ticks apart overlap and none ties with another.
public func scenarioInner(_ value: Int, on scheduler: TestScheduler) -> Observable<Int> {
    scheduler.createColdObservable([.next(5, value * 10), .next(15, value * 10 + 1), .completed(18)]).asObservable()
}

/// One row of a source's scenario table (`Observable.just`, `of`, `timer`, …): the source,
/// built on a `TestScheduler` at 100 and subscribed at 200, is disposed at `disposed`; what it
/// delivers until then.
public struct SourceScenario<Output: Equatable> {
    public let name: String
    public let disposed: TestTime
    public let expected: [Recorded<Event<Output>>]

    /// Subscribed until 1000, by when the source has ended.
    public static func toTheEnd(_ expected: [Recorded<Event<Output>>]) -> SourceScenario {
        SourceScenario(name: "to the end", disposed: 1000, expected: expected)
    }

    /// Disposed at `time`, in the middle of what the source sends.
    public static func disposed(at time: TestTime, _ expected: [Recorded<Event<Output>>]) -> SourceScenario {
        SourceScenario(name: "disposed at \(time)", disposed: time, expected: expected)
    }
}

/// Runs every row of a source's table, each on a scheduler of its own, and fails, naming the
/// row, where the events differ.
public func assertSourceScenarios<Output: Equatable>(
    _ table: [SourceScenario<Output>], file: StaticString = #filePath, line: UInt = #line,
    _ makeSource: @escaping (TestScheduler) -> Observable<Output>
) {
    for row in table {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start(disposed: row.disposed) { makeSource(scheduler) }
        XCTAssertTrue(
            observer.events == row.expected,
            "\(row.name): events \(observer.events), expected \(row.expected)", file: file, line: line)
    }
}

extension Scenario where Output == Int {
    /// The four standard rows for an operator that passes its source's events on unchanged
    /// (`share`, `do`, `debug`, `amb` whose source wins, …): each row expects its input's own
    /// events up to its disposal, and the default subscription.
    public static var unchanged: [Scenario<Int>] {
        let rows: [Scenario<Int>] = [.elements([]), .empty([]), .error([]), .disposedMidStream([])]
        return rows.map { row in
            let expected = row.input.filter { $0.time < row.disposed }
            return Scenario(
                row.name, input: row.input, disposed: row.disposed, expected: expected, subscriptions: row.subscriptions
            )
        }
    }
}

extension Scenario where Output == Int {
    /// The merge family's rows when the `scenarioInner` of every element runs at once (`flatMap`,
    /// `merge()`): 1's inner from 210 to 228, 2's from 220 to 238, 3's from 230 to 248; at 225 and
    /// 235 the older inner's element comes first (it was scheduled first); the end comes with the
    /// last inner's.
    public static var innersAllAtOnce: [Scenario<Int>] {
        [
            .elements([
                .next(215, 10), .next(225, 11), .next(225, 20), .next(235, 21), .next(235, 30), .next(245, 31),
                .completed(248),
            ])
        ] + innersCommonRows
    }

    /// The merge family's rows when the `scenarioInner`s run one after another (`concatMap`,
    /// `merge(maxConcurrent: 1)`): 2's inner starts when 1's ends (228), 3's when 2's ends (246).
    public static var innersOneAfterAnother: [Scenario<Int>] {
        [
            .elements([
                .next(215, 10), .next(225, 11), .next(233, 20), .next(243, 21), .next(251, 30), .next(261, 31),
                .completed(264),
            ])
        ] + innersCommonRows
    }

    /// What the merge family does with the other standard inputs: an empty source ends at once;
    /// its error at 220 ends 1's inner after its first element; a disposal at 225 comes before
    /// the elements due then.
    public static var innersCommonRows: [Scenario<Int>] {
        [
            .empty([.completed(210)]),
            .error([.next(215, 10), .error(220, testError)]),
            .disposedMidStream([.next(215, 10)]),
        ]
    }
}
