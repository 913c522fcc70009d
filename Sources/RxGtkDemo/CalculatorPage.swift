import GalleryModels
import RxCocoa
import RxGtk
import RxSwift

/// Calculator: a state machine over key presses (`scan`), one Signal of keys from all buttons
/// and from the keyboard (`typed`: GDK's names of the keys pressed while the page is shown).
@MainActor
func calculatorPage(typed: Signal<String>) -> Page {
    typealias Key = CalculatorViewModel.Key
    let display = Label("0").styled("title-1", "numeric")
    display.xAlign = 1
    display.layout(expandHorizontally: true)
    let grid = Grid(spacing: 6, homogeneous: true)
    let rows: [[(String, Key, Int)]] = [
        [("C", .clear, 1), ("±", .negate, 1), ("%", .percent, 1), ("÷", .operation(.divide), 1)],
        [("7", .digit(7), 1), ("8", .digit(8), 1), ("9", .digit(9), 1), ("×", .operation(.multiply), 1)],
        [("4", .digit(4), 1), ("5", .digit(5), 1), ("6", .digit(6), 1), ("−", .operation(.subtract), 1)],
        [("1", .digit(1), 1), ("2", .digit(2), 1), ("3", .digit(3), 1), ("+", .operation(.add), 1)],
        [("0", .digit(0), 2), (".", .point, 1), ("=", .equals, 1)],
    ]
    var keys: [Signal<Key>] = []
    var buttons: [String: Button] = [:]
    for (row, entries) in rows.enumerated() {
        var column = 0
        for (title, key, width) in entries {
            let button = Button(label: title).styled("title-3")
            button.minimumSize = (56, 44)
            if case .operation = key { button.styled("suggested-action") }
            if key == .equals { button.styled("suggested-action") }
            grid.attach(button, column: column, row: row, width: width)
            column += width
            keys.append(button.rx.tap.asSignal().map { key })
            buttons[title] = button
        }
    }
    let displayCard = Box(spacing: 0, [display]).styled("view", "frame")
    display.margins(top: 12, bottom: 12, start: 16, end: 16)
    let calculator = Box(spacing: 12, [displayCard, grid]).layout(horizontal: .start)
    calculator.minimumSize = (280, -1)
    let page = Page(
        name: "calculator", title: "Calculator",
        summary:
            "Every key is a Signal, on screen or on the keyboard; merged, they drive a state machine reduced with scan.",
        content: [calculator])
    let viewModel = CalculatorViewModel(keys: Signal.merge(keys + [typed.compactMap(Key.init(keyName:))]))
    viewModel.display.drive(display.rx.text).disposed(by: page.disposeBag)

    let names = [
        "C": "clear", "±": "negate", "%": "percent", "÷": "divide", "×": "multiply", "−": "minus", "+": "plus",
        ".": "point", "=": "equals",
    ]
    for (title, button) in buttons.sorted(by: { $0.key < $1.key }) {
        page.target("key-\(names[title] ?? title)", button)
    }
    page.state = { "display=\(display.text)" }
    page.play = {
        for (index, title) in ["1", "2", "×", "3", "+", "4", "="].enumerated() {
            after(0.2 + 0.1 * Double(index)) { buttons[title]?.click() }
        }
    }
    page.settled = { display.text == "40" }
    return page
}
