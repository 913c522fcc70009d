import Foundation
import RxCocoa
import RxRelay
import RxSwift
import TestSupport
import XCTest

@testable import RxGtk

/// The widgets the gallery added: each `.rx` property in both directions, on real GTK widgets.
final class GalleryWidgetsTests: GtkTestCase {
    func testPasswordEntryAndTextViewReportChangesOnceAndTakeBindings() {
        MainActor.assumeIsolated {
            let bag = DisposeBag()
            let password = PasswordEntry(placeholder: "secret")
            var passwords: [String?] = []
            password.rx.text.subscribe(onNext: { passwords.append($0) }).disposed(by: bag)
            password.text = "hunter2"
            Observable.just("swordfish").bind(to: password.rx.text).disposed(by: bag)
            XCTAssertEqual(passwords, ["", "hunter2", "swordfish"])

            let view = TextView()
            var texts: [String] = []
            view.rx.text.subscribe(onNext: { texts.append($0) }).disposed(by: bag)
            view.text = "two\nlines"
            Observable.just("bound").bind(to: view.rx.text).disposed(by: bag)
            Observable.just("bound").bind(to: view.rx.text).disposed(by: bag)
            XCTAssertEqual(texts, ["", "two\nlines", "bound"], "the buffer's changes, once each")
            XCTAssertEqual(view.text, "bound")
        }
    }

    func testDropDownSelection() {
        MainActor.assumeIsolated {
            let bag = DisposeBag()
            let dropDown = DropDown(options: ["One", "Two", "Three"])
            var selected: [Int] = []
            dropDown.rx.selectedIndex.subscribe(onNext: { selected.append($0) }).disposed(by: bag)
            dropDown.selectedIndex = 2
            Observable.just(1).bind(to: dropDown.rx.selectedIndex).disposed(by: bag)
            XCTAssertEqual(selected, [0, 2, 1])
            XCTAssertEqual(dropDown.options, ["One", "Two", "Three"])
        }
    }

    func testProgressBarSpinnerAndImageBinders() {
        MainActor.assumeIsolated {
            let bag = DisposeBag()
            let bar = ProgressBar()
            let spinner = Spinner()
            let image = Image(iconName: "edit-find-symbolic")
            Observable.just(0.25).bind(to: bar.rx.fraction).disposed(by: bag)
            Observable.just("25%").bind(to: bar.rx.text).disposed(by: bag)
            Observable.just(true).bind(to: spinner.rx.isAnimating).disposed(by: bag)
            Observable.just("emblem-ok-symbolic").bind(to: image.rx.iconName).disposed(by: bag)
            XCTAssertEqual(bar.fraction, 0.25, accuracy: 0.0001)
            XCTAssertEqual(bar.text, "25%")
            XCTAssertTrue(spinner.isAnimating)
            XCTAssertEqual(image.iconName, "emblem-ok-symbolic")
            Observable.just(nil).bind(to: image.rx.iconName).disposed(by: bag)
            XCTAssertNil(image.iconName)
        }
    }

    func testStackVisiblePageBothWaysAndTheSidebar() {
        MainActor.assumeIsolated {
            let bag = DisposeBag()
            let stack = Stack()
            stack.addPage(Label("first"), name: "first", title: "First")
            stack.addPage(Label("second"), name: "second", title: "Second")
            let sidebar = StackSidebar(stack: stack)
            let window = Window(title: "stack", child: Box(vertical: false, spacing: 0, [sidebar, stack]))
            window.present()
            var pages: [String] = []
            stack.rx.visiblePage.subscribe(onNext: { pages.append($0) }).disposed(by: bag)
            Observable.just("second").bind(to: stack.rx.visiblePage).disposed(by: bag)
            XCTAssertEqual(pages, ["first", "second"])
            XCTAssertEqual(stack.pages.map(\.title), ["First", "Second"])
            window.destroy()
        }
    }

    func testListViewItemsSelectionAndPaging() {
        MainActor.assumeIsolated {
            let bag = DisposeBag()
            let list = ListView(selectable: true)
            list.minimumSize = (200, 120)
            let window = Window(title: "list", child: list)
            window.setDefaultSize(width: 200, height: 120)
            window.present()
            let pages = BehaviorRelay(value: (0..<20).map { "row \($0)" })
            pages.bind(to: list.rx.items).disposed(by: bag)
            var selected: [Int] = []
            list.rx.selectedIndex.subscribe(onNext: { selected.append($0) }).disposed(by: bag)
            list.selectedIndex = 3
            XCTAssertEqual(selected, [-1, 3])

            var reachedBottom = 0
            list.rx.reachedBottom.subscribe(onNext: { reachedBottom += 1 }).disposed(by: bag)
            XCTAssertTrue(GtkMainLoop.iterate(until: { list.size.height > 0 }))
            list.verticalOffset = 1_000_000
            XCTAssertTrue(GtkMainLoop.iterate(until: { reachedBottom == 1 }), "scrolled to the end")

            let offset = list.verticalOffset
            pages.accept(pages.value + (20..<40).map { "row \($0)" })
            XCTAssertEqual(list.items.count, 40)
            XCTAssertEqual(list.verticalOffset, offset, "the next page is appended where the list stands")
            XCTAssertEqual(list.selectedIndex, 3, "the selection stays")
            pages.accept(["other"])
            XCTAssertEqual(list.items, ["other"])
            XCTAssertEqual(selected, [-1, 3], "changes of the items are not reported as the user's selection")
            window.destroy()
        }
    }

    func testHeaderBarGridSeparatorAndLayoutHelpers() {
        MainActor.assumeIsolated {
            let header = HeaderBar(title: Label("Title"))
            header.packStart(Button(label: "Back"))
            header.packEnd(Spinner())
            let grid = Grid(spacing: 4, homogeneous: true)
            grid.attach(Button(label: "1"), column: 0, row: 0)
            grid.attach(Button(label: "0"), column: 0, row: 1, width: 2)
            let label = Label("x").styled("title-1", "dim-label").margins(12)
            label.layout(expandHorizontally: true, horizontal: .start)
            XCTAssertTrue(label.hasStyle("title-1"))
            label.removeStyle("title-1")
            XCTAssertFalse(label.hasStyle("title-1"))
            label.tooltip = "tip"
            XCTAssertEqual(label.tooltip, "tip")
            let window = Window(title: "header", child: Box(spacing: 0, [grid, Separator(), label]))
            window.setTitleBar(header)
            window.present()
            XCTAssertTrue(GtkMainLoop.iterate(until: { header.size.width > 0 && grid.size.width > 0 }))
            window.destroy()
        }
    }
}
