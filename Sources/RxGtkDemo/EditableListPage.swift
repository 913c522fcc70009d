import GalleryModels
import RxCocoa
import RxGtk
import RxSwift

/// Editable list: add, remove and reorder rows through commands reduced with `scan`.
@MainActor
func editableListPage() -> Page {
    let text = Entry(placeholder: "A new item")
    let add = Button(label: "Add").styled("suggested-action")
    let list = ListView(selectable: true).styled("view", "frame")
    let up = Button(label: "Move up")
    let down = Button(label: "Move down")
    let remove = Button(label: "Remove").styled("destructive-action")
    let empty = Label("No items yet: type one above and press Enter.").styled("dim-label")
    list.layout(expandHorizontally: true, expandVertically: true)
    list.minimumSize = (-1, 240)
    let page = Page(
        name: "list", title: "Editable list",
        summary: "Every button is a command; scan reduces the commands into the list's state, which the list shows.",
        content: [
            Box(vertical: false, spacing: 8, [text.layout(expandHorizontally: true), add]), list, empty,
            Box(vertical: false, spacing: 8, [up, down, remove]),
        ])
    let viewModel = EditableListViewModel(
        initial: ["Learn RxSwift", "Write a GTK app", "Test it on virtual time"],
        text: text.rx.text.orEmpty.asObservable(),
        addTaps: Observable.merge(add.rx.tap.asObservable(), text.rx.activate.asObservable()), // the button or Enter
        removeTaps: remove.rx.tap.asObservable(), upTaps: up.rx.tap.asObservable(),
        downTaps: down.rx.tap.asObservable(), selection: list.rx.selectedIndex.asObservable())
    let bag = page.disposeBag
    viewModel.items.drive(list.rx.items).disposed(by: bag)
    viewModel.items.map { !$0.isEmpty }.drive(list.rx.isVisible).disposed(by: bag)
    viewModel.items.map { $0.isEmpty }.drive(empty.rx.isVisible).disposed(by: bag)
    viewModel.selected.drive(list.rx.selectedIndex).disposed(by: bag)
    viewModel.canAdd.drive(add.rx.isSensitive).disposed(by: bag)
    viewModel.canRemove.drive(remove.rx.isSensitive).disposed(by: bag)
    viewModel.canMoveUp.drive(up.rx.isSensitive).disposed(by: bag)
    viewModel.canMoveDown.drive(down.rx.isSensitive).disposed(by: bag)
    viewModel.clearedText.emit(to: text.rx.text).disposed(by: bag)

    page.target("text", text)
    page.target("add", add)
    page.target("list", list)
    page.target("up", up)
    page.target("down", down)
    page.target("remove", remove)
    page.state = {
        "items=\(list.items.joined(separator: "|")) selected=\(list.selectedIndex) empty=\(empty.isVisible)"
    }
    page.play = { [name = page.name] in
        typeSlowly("Ship it", into: text, from: 0.2)
        after(0.9) { text.activate() } // Enter
        when("the new item in the list", on: name, { list.items.contains("Ship it") }) { up.click() }
    }
    page.settled = { list.items.contains("Ship it") && list.selectedIndex >= 0 && text.text.isEmpty }
    return page
}
