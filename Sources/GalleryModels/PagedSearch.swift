import RxCocoa
import RxSwift

/// One page of search results.
public struct ResultPage: Equatable, Sendable {
    /// The results of this page.
    public let items: [String]
    /// How many results the query has in all.
    public let total: Int

    /// A page of `items`, out of `total` results.
    public init(items: [String], total: Int) {
        self.items = items
        self.total = total
    }
}

/// Search with paging: results for the query as it is typed (debounced; a newer query cancels
/// an older one), the first page at once and each next page when the list is scrolled to its
/// end.
public struct PagedSearchViewModel {
    /// The results loaded so far.
    public let items: Driver<[String]>
    /// Whether a page is loading.
    public let isLoading: Driver<Bool>
    /// "40 of 120 results", or what went wrong.
    public let status: Driver<String>

    /// The state of one query's results.
    struct Results: Equatable {
        var items: [String] = []
        var total = 0
        var isLoading = true
        var failed = false
    }

    /// A view model over the query's text and the list's scrolled-to-end events; `page(query,
    /// index)` loads one page (index from 0).
    public init(
        query: Observable<String>, loadNextPage: Observable<Void>, scheduler: SchedulerType,
        page: @escaping (String, Int) -> Observable<ResultPage>
    ) {
        /// The results from page `index` on, given those loaded before it: one page now, the
        /// next one after the next scrolled-to-end event.
        func results(of query: String, from index: Int, after loaded: [String]) -> Observable<Results> {
            page(query, index)
                .take(1)
                .flatMap { result -> Observable<Results> in
                    let items = loaded + result.items
                    let done = Results(items: items, total: result.total, isLoading: false)
                    guard items.count < result.total, !result.items.isEmpty else { return .just(done) }
                    let next = loadNextPage.take(1).flatMap { _ in
                        results(of: query, from: index + 1, after: items)
                            .startWith(Results(items: items, total: result.total, isLoading: true))
                    }
                    return Observable.just(done).concat(next)
                }
                .catchAndReturn(Results(items: loaded, isLoading: false, failed: true))
        }

        let state =
            query
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .distinctUntilChanged()
            .debounce(.milliseconds(250), scheduler: scheduler)
            .flatMapLatest { text in
                results(of: text, from: 0, after: []).startWith(Results())
            }
            .share(replay: 1)
        items = state.map(\.items).distinctUntilChanged().asDriver(onErrorJustReturn: [])
        isLoading = state.map(\.isLoading).distinctUntilChanged().asDriver(onErrorJustReturn: false)
        status = state.map { results in
            if results.failed { return "Could not load the results" }
            if results.isLoading && results.items.isEmpty { return "Searching…" }
            if results.total == 0 { return "No results" }
            return "\(results.items.count) of \(results.total) results"
        }
        .distinctUntilChanged()
        .asDriver(onErrorJustReturn: "")
    }
}
