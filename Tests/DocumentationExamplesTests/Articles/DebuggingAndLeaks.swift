// swift-format-ignore-file
// (Laid out as the article shows it; SamplesAreCompiledTests compares the two.)
// The code of RxSwift.docc/DebuggingAndLeaks.md, compiled and run.

import RxCocoa
import RxRelay
import RxSwift
import TestSupport
import XCTest

enum Failure: Error {
    case offline
}

@MainActor
final class QueryService {
    func search(_ query: String) async throws -> [String] {
        [query + " 1", query + " 2"]
    }
}

final class Catalog: Sendable {
    let names: [String]

    init(names: [String]) {
        self.names = names
    }

    func search(_ query: String) async throws -> [String] {
        names.filter { $0.hasPrefix(query) }
    }
}

@MainActor
final class QueryModel {
    let results: Observable<[String]>
    let catalogResults: Observable<[String]>

    init(queries: Observable<String>, service: QueryService, catalog: Catalog) {
        results = queries.flatMapLatest { query in try await service.search(query) }
        catalogResults = queries.flatMapLatest { query in try await catalog.search(query) }
    }
}

final class TickCounter {
    private(set) var ticks = 0
    private let disposeBag = DisposeBag()

    init(ticks source: Observable<Int>) {
        source
            .subscribe(onNext: { [weak self] _ in self?.ticks += 1 })
            .disposed(by: disposeBag)
    }
}

/// The leaky variant the article warns about: the closure holds the counter strongly.
final class LeakyTickCounter {
    private(set) var ticks = 0
    private var disposeBag = DisposeBag()

    init(ticks source: Observable<Int>) {
        source
            .subscribe(onNext: { _ in self.ticks += 1 })
            .disposed(by: disposeBag)
    }

    /// Disposes of the subscription, which breaks the cycle (the test's clean-up).
    func stop() { disposeBag = DisposeBag() }
}

final class DebuggingArticleTests: RxTestCase {
    /// The fixes of "capture of 'service' with non-Sendable type": a main-actor service and a
    /// `Sendable` one, each called from `flatMapLatest` in a main-actor model.
    @MainActor
    func testAMainActorOrSendableServiceInsideFlatMapLatest() async throws {
        let model = QueryModel(
            queries: .just("Se"), service: QueryService(), catalog: Catalog(names: ["Seoul", "Busan", "Sejong"]))
        try await model.results.test { events in
            let first = try await events.awaitNext()
            XCTAssertEqual(first, ["Se 1", "Se 2"])
            try await events.awaitComplete()
        }
        try await model.catalogResults.test { events in
            let first = try await events.awaitNext()
            XCTAssertEqual(first, ["Seoul", "Sejong"])
            try await events.awaitComplete()
        }
    }

    func testDebugLabelsBothSidesOfTheOperator() {
        // `debug` prints with Swift's own print: this checks the chain, the article shows the lines.
        let query = PublishSubject<String>()
        let subscription = query
            .debug("query")
            .map { $0.uppercased() }
            .debug("upper")
            .subscribe()
        query.onNext("Se")
        subscription.dispose()
        XCTAssertFalse(query.hasObservers)
    }

    func testUnhandledErrorsReachTheDefaultHandler() {
        let saved = Hooks.defaultErrorHandler
        defer { Hooks.defaultErrorHandler = saved }
        _ = takePrinted()
        Hooks.defaultErrorHandler = { _, error in print("Unhandled: \(error)") }
        _ = Observable<Int>.error(Failure.offline).subscribe(onNext: { _ in })
        // prints "Unhandled: offline"
        XCTAssertEqual(takePrinted(), ["Unhandled: offline"])
    }

    func testTheCounterLeavesNothingBehind() {
        let before = Resources.total
        do {
            let ticks = PublishSubject<Int>()
            let counter = TickCounter(ticks: ticks)
            ticks.onNext(1)
            XCTAssertEqual(counter.ticks, 1)
        }
        XCTAssertEqual(Resources.total, before)  // fails with `[weak self]` left out
    }

    func testTheLeakyCounterIsWhatTheCountShows() {
        let before = Resources.total
        weak var released: LeakyTickCounter?
        do {
            let ticks = PublishSubject<Int>()
            let counter = LeakyTickCounter(ticks: ticks)
            released = counter
            ticks.onNext(1)
        }
        XCTAssertNotNil(released, "the cycle keeps it")
        XCTAssertGreaterThan(Resources.total, before)
        released?.stop()
        XCTAssertNil(released, "disposing of the subscription releases it")
    }

    func testCommonCompileErrorsFixed() {
        let disposeBag = DisposeBag()
        let name = BehaviorRelay<String?>(value: nil)
        let lengths = name.map { ($0 ?? "").count }
        var seen: [Int] = []
        lengths.subscribe(onNext: { seen.append($0) }).disposed(by: disposeBag)
        name.accept("Ada")
        XCTAssertEqual(seen, [0, 3])

        let title = BehaviorRelay<String>(value: "")
        let greeting = Observable.just("Hello").asDriver(onErrorJustReturn: "")
        greeting.drive(title).disposed(by: disposeBag)
        XCTAssertTrue(waitForMain { title.value == "Hello" })
    }

    /// Runs the main run loop until `condition` holds (a Driver delivers on the main queue).
    private func waitForMain(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while !condition(), Date() < deadline { RunLoop.current.run(until: Date().addingTimeInterval(0.01)) }
        return condition()
    }
}
