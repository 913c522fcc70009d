import GalleryModels
import RxCocoa
import RxSwift
import RxTest
import TestSupport
import XCTest

final class PagedSearchViewModelTests: TimeLimitedTestCase {
    struct Offline: Error {}

    /// Five results per query, two per page; a page takes 30 ticks; the query "fail" fails.
    func pages(_ scheduler: TestScheduler, requested: RequestLog) -> (String, Int) -> Observable<ResultPage> {
        { query, index in
            requested.append("\(query)#\(index)")
            if query == "fail" {
                return scheduler.createColdObservable("-#", errors: ["#": Offline()]).asObservable()
            }
            let all = (1...5).map { "\(query)\($0)" }
            let page = ResultPage(items: Array(all.dropFirst(index * 2).prefix(2)), total: all.count)
            return scheduler.createColdObservable("---(p|)", values: ["p": page]).asObservable()
        }
    }

    final class RequestLog: @unchecked Sendable {
        // @unchecked Sendable: used on the test's thread only (virtual time runs there).
        var requests: [String] = []
        func append(_ request: String) { requests.append(request) }
    }

    func testPagesLoadWhenTheListReachesItsEndAndStopAtTheLast() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.01) // 1 tick = 10 ms
        let log = RequestLog()
        let query = scheduler.createHotObservable([.next(210, "x")])
        // The list reaches its end at 300 (page 2), 320 (ignored: page 2 is still loading), 400
        // (page 3, the last) and 450 (nothing more to load).
        let end = scheduler.createHotObservable([.next(300, ()), .next(320, ()), .next(400, ()), .next(450, ())])
        SharingScheduler.mock(scheduler: scheduler) {
            let viewModel = PagedSearchViewModel(
                query: query.asObservable(), loadNextPage: end.asObservable(), scheduler: scheduler,
                page: pages(scheduler, requested: log))
            let status = scheduler.createObserver(String.self)
            scheduler.scheduleAt(200) { _ = viewModel.status.drive(status) }
            let items = scheduler.start { viewModel.items }
            XCTAssertEqual(
                items.events.map(\.value.element!),
                [[], ["x1", "x2"], ["x1", "x2", "x3", "x4"], ["x1", "x2", "x3", "x4", "x5"]])
            // Debounced 250 ms after 210: the first page is asked for at 235 and arrives at 265.
            XCTAssertEqual(items.events.map(\.time), [236, 266, 331, 431])
            XCTAssertEqual(log.requests, ["x#0", "x#1", "x#2"])
            XCTAssertEqual(
                status.events.map(\.value.element!),
                ["Searching…", "2 of 5 results", "4 of 5 results", "5 of 5 results"])
        }
    }

    func testANewQueryCancelsTheOldOneAndAFailureIsShown() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.01)
        let log = RequestLog()
        let query = scheduler.createHotObservable("-a--------------b------", values: ["a": "fail", "b": "y"])
        let end = scheduler.createHotObservable("-----------------------", values: ["e": ()])
        SharingScheduler.mock(scheduler: scheduler) {
            let viewModel = PagedSearchViewModel(
                query: query.asObservable(), loadNextPage: end.asObservable(), scheduler: scheduler,
                page: pages(scheduler, requested: log))
            let status = scheduler.start { viewModel.status }
            XCTAssertEqual(
                status.events.map(\.value.element!),
                ["Searching…", "Could not load the results", "Searching…", "2 of 5 results"])
            XCTAssertEqual(log.requests, ["fail#0", "y#0"])
        }
    }
}
