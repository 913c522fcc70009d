// swift-format-ignore-file
// (Laid out as README.md shows it; SamplesAreCompiledTests compares the two.)
import GalleryModels
import RxCocoa
import RxGtk
import RxRelay
import RxSwift

/// Search as you type: the study notes' search screen (`SearchViewModel`) on GTK widgets.
@MainActor
func searchPage(
    fetch: @escaping (String, SearchViewModel.Match) -> Observable<[String]>, failures: PublishRelay<String>
) -> Page {
    let entry = Entry(placeholder: "Search Korean cities")
    let match = DropDown(options: ["Starts with", "Contains"])
    let resultCount = Label("").styled("dim-label")
    let results = ListBox().styled("boxed-list")
    let button = Button(label: "Tap me")
    let tapCount = Label("0 taps")
    let noMatch = Label("No city matches what you typed.").styled("dim-label")
    resultCount.alignStart()
    let page = Page(
        name: "search", title: "Search",
        summary: "Results as you type: the query is throttled, and each new query cancels the request of the previous one (flatMapLatest).",
        content: [
            Box(vertical: false, spacing: 12, [entry.layout(expandHorizontally: true), match]),
            Box(vertical: false, spacing: 12, [button, tapCount]), resultCount, results, noMatch,
        ])
    let viewModel = SearchViewModel(
        query: entry.rx.text.orEmpty.asObservable(),
        match: match.rx.selectedIndex.map { SearchViewModel.Match(rawValue: $0) ?? .prefix },
        taps: button.rx.tap.asSignal(),
        scheduler: MainScheduler.instance,
        fetch: fetch)

    viewModel.results
        .drive(results.rx.items) { _, city in Label(city).margins(10).layout(horizontal: .start) }
        .disposed(by: page.disposeBag)
    viewModel.resultCount
        .drive(resultCount.rx.text)
        .disposed(by: page.disposeBag)
    viewModel.tapCount
        .emit(to: tapCount.rx.text)
        .disposed(by: page.disposeBag)
    viewModel.failures.emit(to: failures).disposed(by: page.disposeBag)
    // Empty states: the list shows only when it has rows, the message only when a query found none.
    viewModel.results.map { !$0.isEmpty }.drive(results.rx.isVisible).disposed(by: page.disposeBag)
    Driver.combineLatest(viewModel.results, entry.rx.text.orEmpty.asDriver()) { $0.isEmpty && !$1.isEmpty }
        .drive(noMatch.rx.isVisible)
        .disposed(by: page.disposeBag)

    page.target("entry", entry)
    page.target("button", button)
    page.target("match", match)
    page.state = {
        let rows = results.rows.compactMap { ($0 as? Label)?.text }
        return "count=\(resultCount.text.split(separator: " ").first ?? "") rows=\(rows.joined(separator: "|")) taps=\(tapCount.text.split(separator: " ").first ?? "") noMatch=\(noMatch.isVisible)"
    }
    page.play = { [name = page.name] in
        typeSlowly("Se", into: entry, from: 0.3)
        when("the query typed", on: name, { entry.text == "Se" }) {
            button.click()
            after(0.2) { button.click() }
        }
    }
    page.settled = {
        // Both taps counted, and the list is the one for the whole query (each row matches it,
        // and the count says as many): not a list left from "S" while "Se" is searched.
        let rows = results.rows.compactMap { ($0 as? Label)?.text }
        return tapCount.text.hasPrefix("2 ") && entry.text == "Se" && !rows.isEmpty
            && rows.allSatisfy { $0.localizedCaseInsensitiveContains("se") }
            && resultCount.text.hasPrefix("\(rows.count) ")
    }
    return page
}
