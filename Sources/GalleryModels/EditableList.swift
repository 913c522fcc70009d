import RxCocoa
import RxSwift

/// Editable list: rows added from a text field, removed and moved up or down, every change a
/// command reduced with `scan` into the list's state.
public struct EditableListViewModel {
    /// What the user can do to the list.
    public enum Command: Equatable, Sendable {
        /// Adds a row at the end and selects it.
        case add(String)
        /// Removes the selected row.
        case removeSelected
        /// Moves the selected row one place up.
        case moveUp
        /// Moves the selected row one place down.
        case moveDown
        /// Selects a row (-1: none).
        case select(Int)
    }

    /// The list and its selection.
    public struct State: Equatable, Sendable {
        /// The rows.
        public var items: [String]
        /// The selected row (-1: none).
        public var selected: Int

        /// A list of `items` with the row at `selected` selected (-1: none).
        public init(items: [String], selected: Int) {
            self.items = items
            self.selected = selected
        }

        /// The state after `command`.
        public func applying(_ command: Command) -> State {
            var next = self
            let hasSelection = items.indices.contains(selected)
            switch command {
            case .add(let text):
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { return self }
                next.items.append(trimmed)
                next.selected = next.items.count - 1
            case .removeSelected:
                guard hasSelection else { return self }
                next.items.remove(at: selected)
                next.selected = min(selected, next.items.count - 1)
            case .moveUp:
                guard hasSelection, selected > 0 else { return self }
                next.items.swapAt(selected, selected - 1)
                next.selected = selected - 1
            case .moveDown:
                guard hasSelection, selected < items.count - 1 else { return self }
                next.items.swapAt(selected, selected + 1)
                next.selected = selected + 1
            case .select(let index):
                next.selected = items.indices.contains(index) ? index : -1
            }
            return next
        }
    }

    /// The rows.
    public let items: Driver<[String]>
    /// The selected row (-1: none).
    public let selected: Driver<Int>
    /// Whether a row is selected (remove is possible).
    public let canRemove: Driver<Bool>
    /// Whether the selected row can move up.
    public let canMoveUp: Driver<Bool>
    /// Whether the selected row can move down.
    public let canMoveDown: Driver<Bool>
    /// Whether the text field holds something to add.
    public let canAdd: Driver<Bool>
    /// What the field should show: emptied after each add.
    public let clearedText: Signal<String>

    /// A view model over the field's text, the buttons' taps and the list's selection, starting
    /// with `initial` rows.
    public init(
        initial: [String], text: Observable<String>, addTaps: Observable<Void>, removeTaps: Observable<Void>,
        upTaps: Observable<Void>, downTaps: Observable<Void>, selection: Observable<Int>
    ) {
        let adds = addTaps.withLatestFrom(text).map(Command.add).share()
        let commands = Observable.merge(
            adds, removeTaps.map { .removeSelected }, upTaps.map { .moveUp }, downTaps.map { .moveDown },
            selection.map(Command.select))
        let state =
            commands
            .scan(State(items: initial, selected: -1)) { state, command in state.applying(command) }
            .startWith(State(items: initial, selected: -1))
            .distinctUntilChanged()
            .asDriver(onErrorJustReturn: State(items: initial, selected: -1))
        items = state.map(\.items).distinctUntilChanged()
        selected = state.map(\.selected).distinctUntilChanged()
        canRemove = state.map { $0.items.indices.contains($0.selected) }.distinctUntilChanged()
        canMoveUp = state.map { $0.selected > 0 }.distinctUntilChanged()
        canMoveDown = state.map { $0.selected >= 0 && $0.selected < $0.items.count - 1 }.distinctUntilChanged()
        canAdd = text.map { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.distinctUntilChanged()
            .asDriver(onErrorJustReturn: false)
        clearedText = adds.map { _ in "" }.asSignal(onErrorJustReturn: "")
    }
}
