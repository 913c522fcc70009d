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
    private let disposeBag = DisposeBag()

    init(ticks source: Observable<Int>) {
        source
            .subscribe(onNext: { _ in self.ticks += 1 })
            .disposed(by: disposeBag)
    }
}

final class DebuggingArticleTests: TimeLimitedTestCase {
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
