// swift-format-ignore-file
// (Laid out as the article shows it; SamplesAreCompiledTests compares the two.)
// The code of RxSwift.docc/SwiftConcurrency.md, compiled and run.

import Foundation
import RxCocoa
import RxRelay
import RxSwift
import TestSupport
import XCTest

@MainActor
final class CounterScreen {
    private(set) var shown = ""
    private let disposeBag = DisposeBag()

    func bind(taps: Signal<Void>) {
        taps.scan(0) { count, _ in count + 1 }
            .map { "\($0) taps" }
            .emit(with: self, onNext: { screen, text in screen.shown = text })
            .disposed(by: disposeBag)
    }
}

final class SearchHistory {
    private(set) var queries: [String] = []
    private let disposeBag = DisposeBag()

    init(queries: Observable<String>) {
        queries
            .filter { !$0.isEmpty }
            .subscribe(onNext: { self.queries.append($0) })
            .disposed(by: disposeBag)
    }
}

// Compiled, not run here: `load` stops the program (IsolationCaseTests runs such stops).
@MainActor
final class ParsingScreen {
    var parsed = 0
    let disposeBag = DisposeBag()

    func load(_ responses: Observable<Data>) {
        responses
            .observe(on: SerialDispatchQueueScheduler(qos: .default))
            .map { data in self.parsed += 1; return data.count }   // runs on main: its
            .subscribe()                                          // closure belongs to MainActor
            .disposed(by: disposeBag)
    }
}

extension ParsingScreen {
    func loadSizes(_ responses: Observable<Data>) {
        responses
            .observe(on: SerialDispatchQueueScheduler(qos: .default))
            .map { @Sendable data in data.count }                  // runs on the background queue
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { self.parsed = $0 })                 // runs on the main thread
            .disposed(by: disposeBag)
    }
}

func totalStars(of names: [String]) async throws -> Int {
    var total = 0
    for try await repository in Observable.from(names).flatMap({ fetchRepository(named: $0) }).values {
        total += repository.stars
    }
    return total
}

final class SwiftConcurrencyTests: RxTestCase {
    @MainActor
    func testMainActorScreen() {
        let taps = PublishRelay<Void>()
        let screen = CounterScreen()
        screen.bind(taps: taps.asSignal())
        taps.accept(())
        taps.accept(())
        XCTAssertEqual(screen.shown, "2 taps")
    }

    /// The `@Sendable` closure runs on the background queue; the subscriber, after
    /// `observe(on: MainScheduler.instance)`, on the main thread.
    func testSendableClosureRunsOnTheBackgroundQueue() async throws {
        let screen = await MainActor.run { ParsingScreen() }
        await MainActor.run { screen.loadSizes(.just(Data([1, 2, 3]))) }
        // A bounded wait for the delivery on the main queue, without sleeping.
        let deadline = Date().addingTimeInterval(5)
        while await screen.parsed != 3, Date() < deadline { await Task.yield() }
        let parsed = await screen.parsed
        XCTAssertEqual(parsed, 3)
    }

    func testNonisolatedViewModel() {
        let history = SearchHistory(queries: .of("rx", "", "swift"))
        XCTAssertEqual(history.queries, ["rx", "swift"])
    }

    func testFromSequencesToAsync() async throws {
        let stars = try await totalStars(of: ["RxSwift"])               // 24000
        let one = try await fetchRepository(named: "RxSwift").value     // Single: the element
        let cached = try await RepositoryCache().repository(named: "RxSwift").value   // Maybe: nil

        XCTAssertEqual(stars, 24000)
        XCTAssertEqual(one.name, "RxSwift")
        XCTAssertNil(cached)
    }

    func testFromAsyncToSequences() async throws {
        let profile = Single<String>.create {
            await Task.yield()  // stands for a request
            return "Ada"
        }
        let countdown = AsyncStream<Int> { continuation in
            for value in [3, 2, 1] { continuation.yield(value) }
            continuation.finish()
        }.asObservable()

        let name = try await profile.value                         // "Ada"
        let counted = try await countdown.toArray().value          // [3, 2, 1]

        XCTAssertEqual(name, "Ada")
        XCTAssertEqual(counted, [3, 2, 1])
    }

    func testAsyncFunctionsInsideChains() async throws {
        let lists = Observable.of(["RxSwift"], ["RxSwift", "RxSwift"])
        let stars = lists.flatMapLatest { names in
            try await totalStars(of: names)   // a newer list cancels the call still running
        }
        let latest = try await stars.takeLast(1).asSingle().value   // 48000: the latest list's
        let saved = Completable.create { try await Task.sleep(nanoseconds: 1_000) }
        let cached = Maybe.create { try await RepositoryCache().repository(named: "RxSwift").value }

        XCTAssertEqual(latest, 48000)
        try await saved.value
        let found = try await cached.value
        XCTAssertNil(found)
    }

    func testCancellationBothWays() async throws {
        // Counts only what this test makes (Resources.total is process-wide: work other tests
        // left running on a busy machine moved it while this test waited).
        let scope = ResourceScope()
        try await ResourceScope.$current.withValue(scope) {
            let endless = Observable<Int>.interval(.milliseconds(1), scheduler: SerialDispatchQueueScheduler(qos: .default))
            let reader = Task {
                var seen = 0
                for try await _ in endless.values {
                    seen += 1
                    if seen == 3 { break }      // leaving the loop disposes of the subscription
                }
                return seen
            }
            let seen = try await reader.value   // 3

            XCTAssertEqual(seen, 3)
        }
        // The interval is disposed of on its queue; on a busy machine that can take a while.
        #if DEBUG
        _ = await eventually { scope.live == 0 }
        XCTAssertEqual(scope.live, 0, "the interval was disposed of: \(scope.liveTypes)")
        #endif
    }
}
