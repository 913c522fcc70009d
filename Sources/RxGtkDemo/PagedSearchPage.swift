import GalleryModels
import RxCocoa
import RxGtk
import RxSwift

/// Search with paging: results for the query as it is typed, 20 at a time, the next page loaded
/// when the list is scrolled to its end.
@MainActor
func pagedSearchPage(page loadPage: @escaping (String, Int) -> Observable<ResultPage>) -> Page {
    let query = Entry(placeholder: "Filter 2,000 places, or scroll")
    let status = Label("").styled("dim-label")
    let spinner = Spinner()
    let list = ListView().styled("view", "frame")
    list.layout(expandHorizontally: true, expandVertically: true)
    list.minimumSize = (-1, 300)
    status.alignStart()
    let page = Page(
        name: "paging", title: "Search with paging",
        summary:
            "Twenty results at a time from the local service; scrolling to the end of the list loads the next page.",
        content: [query, Box(vertical: false, spacing: 8, [status, spinner]), list])
    let viewModel = PagedSearchViewModel(
        query: query.rx.text.orEmpty.asObservable(), loadNextPage: list.rx.reachedBottom.asObservable(),
        scheduler: MainScheduler.instance, page: loadPage)
    let bag = page.disposeBag
    viewModel.items.drive(list.rx.items).disposed(by: bag)
    viewModel.status.drive(status.rx.text).disposed(by: bag)
    viewModel.isLoading.drive(spinner.rx.isAnimating).disposed(by: bag)

    page.target("query", query)
    page.target("list", list)
    page.state = { "rows=\(list.items.count) first=\(list.items.first ?? "") status=\(status.text)" }
    page.play = { [name = page.name] in
        // Scrolled to the end once the first page is there, and again until the next page comes:
        // a scroll made before the list has laid its rows out does nothing.
        when("the first page", on: name, { list.items.count >= 20 && !spinner.isAnimating }) {
            when(
                "the second page", on: name, { list.items.count > 20 },
                meanwhile: { list.verticalOffset = 1_000_000 }, then: {})
        }
    }
    // The second page arrived (more than the first twenty rows) and nothing is loading.
    page.settled = { list.items.count > 20 && !spinner.isAnimating }
    return page
}
