// swift-format-ignore-file
// (Laid out as README.md shows it; SamplesAreCompiledTests compares the two.)
import RxCocoa
import RxGtk
import RxSwift

/// Search as you type: the study notes' search screen. Cities from the local service, by prefix
/// or by substring (a drop-down), a result count, and a button whose taps a Signal counts.
@MainActor
func searchPage(fetch: @escaping (String, Bool) -> Observable<[String]>) -> Page {
    let entry = Entry(placeholder: "Search Korean cities")
    let match = DropDown(options: ["Starts with", "Contains"])
    let resultCount = Label("").styled("dim-label")
    let results = ListBox().styled("boxed-list")
    let button = Button(label: "Tap me")
    let tapCount = Label("0 taps")
    resultCount.alignStart()
    let page = Page(
        name: "search", title: "Search",
        summary: "Results as you type: the query is throttled, and each new query cancels the request of the previous one (flatMapLatest).",
        content: [
            Box(vertical: false, spacing: 12, [entry.layout(expandHorizontally: true), match]),
            Box(vertical: false, spacing: 12, [button, tapCount]), resultCount, results,
        ])
    let disposeBag = page.disposeBag

    let found = Driver.combineLatest(
            entry.rx.text.orEmpty.asDriver()
                .throttle(.milliseconds(300), scheduler: MainScheduler.instance),
            match.rx.selectedIndex.asDriver())
        .distinctUntilChanged { $0 == $1 }
        .flatMapLatest { query, mode in
            fetch(query, mode == 1).asDriver(onErrorJustReturn: [])
        }

    found
        .map { "\($0.count) results" }
        .drive(resultCount.rx.text)
        .disposed(by: disposeBag)

    found
        .drive(results.rx.items) { _, city in Label(city).margins(10).layout(horizontal: .start) }
        .disposed(by: disposeBag)

    button.rx.tap.asSignal()
        .scan(0) { count, _ in count + 1 }
        .map { "\($0) taps" }
        .emit(to: tapCount.rx.text)
        .disposed(by: disposeBag)

    page.target("entry", entry)
    page.target("button", button)
    page.target("match", match)
    page.state = {
        let rows = results.rows.compactMap { ($0 as? Label)?.text }
        return "count=\(resultCount.text.split(separator: " ").first ?? "") rows=\(rows.joined(separator: "|")) taps=\(tapCount.text.split(separator: " ").first ?? "")"
    }
    page.play = {
        typeSlowly("Se", into: entry, from: 0.3)
        after(1.0) { button.click() }
        after(1.2) { button.click() }
    }
    return page
}
