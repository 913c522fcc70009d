import Foundation
import RxCocoa
import RxSwift

// Small stand-ins for UIKit widgets, with reactive extensions written the way RxCocoa writes them
// for UIKit: a user edit is an event of the control; programmatic changes are not reported.

/// A text field: `text` set by code, `simulateTyping` as the user.
final class TextField: ReactiveCompatible {
    var text: String?
    let edits = PublishSubject<String?>()

    init(text: String? = nil) {
        self.text = text
    }

    func simulateTyping(_ text: String?) {
        self.text = text
        edits.onNext(text)
    }

    deinit {
        edits.onCompleted()
    }
}

extension Reactive where Base: TextField {
    /// The field's text: the current value on subscription, then every user edit.
    var text: ControlProperty<String?> {
        let values = Observable<String?>.deferred { [weak field = base] in
            guard let field else { return .empty() }
            return field.edits.startWith(field.text)
        }
        return ControlProperty(values: values, valueSink: Binder(base) { field, text in field.text = text })
    }
}

/// A button: `simulateTap` as the user.
final class Button: ReactiveCompatible {
    let taps = PublishSubject<Void>()

    func simulateTap() {
        taps.onNext(())
    }

    deinit {
        taps.onCompleted()
    }
}

extension Reactive where Base: Button {
    var tap: ControlEvent<Void> {
        ControlEvent(events: base.taps)
    }
}

/// A label.
final class Label: ReactiveCompatible {
    var text: String?
    var textChanges = 0
}

extension Reactive where Base: Label {
    var text: Binder<String?> {
        Binder(base) { label, text in
            label.text = text
            label.textChanges += 1
        }
    }
}

/// A table cell and a table view that shows one cell per element of the bound sequence.
class TableViewCell {
    let textLabel: Label? = Label()
    required init() {}
}

final class TableView: ReactiveCompatible {
    private(set) var cells: [TableViewCell] = []
    var visibleTexts: [String?] { cells.map { $0.textLabel?.text } }

    func reload<Cell: TableViewCell>(count: Int, as cellType: Cell.Type, configure: (Int, Cell) -> Void) {
        cells = (0..<count).map { row in
            let cell = Cell()
            configure(row, cell)
            return cell
        }
    }
}

extension Reactive where Base: TableView {
    /// Binds sequences of items to the rows, configuring one cell per item.
    func items<Sequence: Swift.Sequence, Cell: TableViewCell, Source: ObservableType>(
        cellIdentifier: String, cellType: Cell.Type = Cell.self
    )
        -> (_ source: Source)
        -> (_ configureCell: @escaping (Int, Sequence.Element, Cell) -> Void)
        -> Disposable where Source.Element == Sequence
    {
        { [base] source in
            { configureCell in
                source.subscribe(onNext: { [weak base] items in
                    let items = Array(items)
                    base?.reload(count: items.count, as: cellType) { row, cell in configureCell(row, items[row], cell) }
                })
            }
        }
    }
}

/// Runs the main run loop (which drains `DispatchQueue.main`) until `condition` holds, for at
/// most `timeout` seconds; returns whether it held.
@discardableResult
func runMainLoop(until condition: () -> Bool, timeout: TimeInterval = 5) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() && Date() < deadline {
        RunLoop.main.run(until: Date().addingTimeInterval(0.005))
    }
    return condition()
}
