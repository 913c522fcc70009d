import GalleryModels
import RxCocoa
import RxSwift
import RxTest
import TestSupport
import XCTest

final class EditableListViewModelTests: TimeLimitedTestCase {
    typealias State = EditableListViewModel.State

    func testCommandsChangeTheListAndItsSelection() {
        let start = State(items: ["a", "b", "c"], selected: -1)
        XCTAssertEqual(start.applying(.add("  d ")), State(items: ["a", "b", "c", "d"], selected: 3))
        XCTAssertEqual(start.applying(.add("   ")), start, "blank text adds nothing")
        XCTAssertEqual(start.applying(.removeSelected), start, "nothing selected: nothing removed")
        XCTAssertEqual(start.applying(.select(1)).applying(.moveUp), State(items: ["b", "a", "c"], selected: 0))
        XCTAssertEqual(start.applying(.select(0)).applying(.moveUp), State(items: ["a", "b", "c"], selected: 0))
        XCTAssertEqual(start.applying(.select(1)).applying(.moveDown), State(items: ["a", "c", "b"], selected: 2))
        XCTAssertEqual(start.applying(.select(2)).applying(.moveDown), State(items: ["a", "b", "c"], selected: 2))
        XCTAssertEqual(start.applying(.select(2)).applying(.removeSelected), State(items: ["a", "b"], selected: 1))
        XCTAssertEqual(start.applying(.select(7)), start, "selecting a row that does not exist selects none")
    }

    func testButtonsDriveTheStateOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let text = scheduler.createHotObservable("-t-----", values: ["t": "d"])
        let add = scheduler.createHotObservable("--a----", values: ["a": ()])
        let remove = scheduler.createHotObservable("-----r-", values: ["r": ()])
        let up = scheduler.createHotObservable("---u---", values: ["u": ()])
        let down = scheduler.createHotObservable("----d--", values: ["d": ()])
        let selection = scheduler.createHotObservable("-------", values: ["s": 0])
        SharingScheduler.mock(scheduler: scheduler) {
            let viewModel = EditableListViewModel(
                initial: ["a", "b"], text: text.asObservable(), addTaps: add.asObservable(),
                removeTaps: remove.asObservable(), upTaps: up.asObservable(), downTaps: down.asObservable(),
                selection: selection.asObservable())
            let selected = scheduler.createObserver(Int.self)
            let cleared = scheduler.createObserver(String.self)
            scheduler.scheduleAt(200) {
                _ = viewModel.selected.drive(selected)
                _ = viewModel.clearedText.emit(to: cleared)
            }
            let items = scheduler.start { viewModel.items }
            XCTAssertEqual(
                items.events.map(\.value.element!),
                [["a", "b"], ["a", "b", "d"], ["a", "d", "b"], ["a", "b", "d"], ["a", "b"]])
            XCTAssertEqual(items.events.map(\.time), [201, 221, 231, 241, 251])
            XCTAssertEqual(selected.events.map(\.value.element!), [-1, 2, 1, 2, 1])
            XCTAssertEqual(cleared.events, [.next(221, "")])
        }
    }
}
