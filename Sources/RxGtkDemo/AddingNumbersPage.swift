import GalleryModels
import RxCocoa
import RxGtk
import RxSwift

/// Adding numbers: three entries and their sum, `combineLatest` of their `rx.text`.
@MainActor
func addingNumbersPage() -> Page {
    let fields = (0..<3).map { _ in Entry(placeholder: "0").layout(expandHorizontally: true) }
    let sum = Label("0").styled("title-2", "numeric")
    let page = Page(
        name: "numbers", title: "Adding numbers",
        summary: "The sum of three fields, recomputed whenever any of them changes (combineLatest of their rx.text).",
        content: [
            Box(
                vertical: false, spacing: 12,
                [fields[0], Label("+").styled("title-3"), fields[1], Label("+").styled("title-3"), fields[2]]),
            Box(vertical: false, spacing: 12, [Label("=").styled("title-2"), sum]),
        ])
    let viewModel = AddingNumbersViewModel(
        fields[0].rx.text.orEmpty.asObservable(), fields[1].rx.text.orEmpty.asObservable(),
        fields[2].rx.text.orEmpty.asObservable())
    viewModel.sum.drive(sum.rx.text).disposed(by: page.disposeBag)

    for (index, field) in fields.enumerated() { page.target("field\(index + 1)", field) }
    page.state = { "sum=\(sum.text)" }
    page.play = {
        typeSlowly("12", into: fields[0], from: 0.2)
        typeSlowly("30", into: fields[1], from: 0.5)
        typeSlowly("7", into: fields[2], from: 0.8)
    }
    page.settled = { sum.text == "49" }
    return page
}
