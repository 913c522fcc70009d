import GalleryModels
import RxCocoa
import RxSwift
import RxTest
import TestSupport
import XCTest

final class SearchViewModelTests: TimeLimitedTestCase {
    struct Offline: Error {}

    /// A failed request is reported as a message (the gallery shows it in a toast), once, when it
    /// fails; its query's results are empty, and the next query searches again.
    func testAFailedRequestIsReportedOnce() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.01)
        let query = scheduler.createHotObservable([.next(210, "xx"), .next(300, "Se")])
        SharingScheduler.mock(scheduler: scheduler) {
            let viewModel = SearchViewModel(
                query: query.asObservable(), match: .just(.prefix), taps: .never(), scheduler: scheduler,
                fetch: { text, _ in
                    if text == "xx" {
                        return scheduler.createColdObservable("--#", errors: ["#": Offline()]).asObservable()
                    }
                    return scheduler.createColdObservable("--(r|)", values: ["r": ["Seoul"]]).asObservable()
                })
            let failures = scheduler.createObserver(String.self)
            let results = scheduler.createObserver([String].self)
            _ = viewModel.failures.emit(to: failures)
            _ = viewModel.results.drive(results)
            scheduler.start()
            XCTAssertEqual(failures.events, [.next(231, "Could not search for “xx”: the service did not answer")])
            XCTAssertEqual(results.events, [.next(231, []), .next(321, ["Seoul"])])
        }
    }

    /// A recording of the view model's chains names each stage at the line of `Search.swift`
    /// that wrote its operator: the view model's initializer (a struct's, which the toolchain's
    /// `Runtime` module files as a thunk) in a module of `Sources/` beside the library's.
    func testATraceOfTheViewModelSaysWhereInTheViewModelEachOperatorIsWritten() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.01)
        RxTrace.reset()
        defer { RxTrace.reset() }
        let viewModel = SearchViewModel(
            query: .just("Se"), match: .just(.prefix), taps: .never(), scheduler: scheduler,
            fetch: { _, _ in .just(["Seoul"]) })
        let subscription = viewModel.results.asObservable().trace("results").subscribe()
        defer { subscription.dispose() }
        let written = Dictionary(
            RxTrace.recording().stages.map { ($0.kind, $0.writtenAt ?? "nowhere") },
            uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(written["throttle"], "GalleryModels/Search.swift:41")
        XCTAssertEqual(written["flatMapLatest"], "GalleryModels/Search.swift:44")
    }

    func testQueriesAreThrottledAnOlderRequestIsCancelledAndAFailureShowsNothing() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.01) // 1 tick = 10 ms
        let cities = ["Seoul", "Sejong", "Busan", "Incheon"]
        // "S" at 210 goes at once; "Se" at 220 waits for the throttle window's end (240); "Seo" at
        // 300 goes at once; "xx" at 340 fails: no results. Switching to "contains" at 390 asks
        // for "xx" again, but "on" at 400 cancels that request (flatMapLatest). Requests take 20.
        let query = scheduler.createHotObservable([
            .next(210, "S"), .next(220, "Se"), .next(300, "Seo"), .next(340, "xx"), .next(400, "on"),
        ])
        let match = scheduler.createHotObservable([.next(205, SearchViewModel.Match.prefix), .next(390, .contains)])
        SharingScheduler.mock(scheduler: scheduler) {
            let viewModel = SearchViewModel(
                query: query.asObservable(), match: match.asObservable(), taps: .never(), scheduler: scheduler,
                fetch: { text, match in
                    if text == "xx" {
                        return scheduler.createColdObservable("--#", errors: ["#": Offline()]).asObservable()
                    }
                    let found = cities.filter { match == .prefix ? $0.hasPrefix(text) : $0.contains(text) }
                    return scheduler.createColdObservable("--(r|)", values: ["r": found]).asObservable()
                })
            let count = scheduler.start { viewModel.resultCount }
            XCTAssertEqual(
                count.events,
                [
                    .next(231, "2 results"), .next(261, "2 results"), .next(321, "1 results"), .next(361, "0 results"),
                    .next(421, "2 results"),
                ])
        }
    }

    func testTapsAreCounted() {
        let scheduler = TestScheduler(initialClock: 0)
        let taps = scheduler.createHotObservable("-t-t-", values: ["t": ()])
        SharingScheduler.mock(scheduler: scheduler) {
            let viewModel = SearchViewModel(
                query: .never(), match: .never(), taps: taps.asObservable().asSignal(onErrorSignalWith: .empty()),
                scheduler: scheduler, fetch: { _, _ in .just([]) })
            let count = scheduler.start { viewModel.tapCount }
            XCTAssertEqual(count.events, [.next(211, "1 taps"), .next(231, "2 taps")])
        }
    }
}
