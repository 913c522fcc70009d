import GalleryModels
import RxCocoa
import RxSwift
import RxTest
import TestSupport
import XCTest

final class CalculatorViewModelTests: TimeLimitedTestCase {
    typealias Key = CalculatorViewModel.Key

    func display(after keys: [Key]) -> String {
        keys.reduce(CalculatorViewModel.State()) { $0.pressing($1) }.display
    }

    func testKeyboardKeysStandForTheCalculatorsKeys() {
        let table: [(String, Key?)] = [
            ("7", .digit(7)), ("KP_0", .digit(0)), ("period", .point), ("KP_Decimal", .point),
            ("plus", .operation(.add)), ("KP_Add", .operation(.add)), ("minus", .operation(.subtract)),
            ("asterisk", .operation(.multiply)), ("KP_Divide", .operation(.divide)), ("Return", .equals),
            ("equal", .equals), ("KP_Enter", .equals), ("Escape", .clear), ("percent", .percent),
            ("a", nil), ("F1", nil), ("KP_Home", nil), ("", nil), ("10", nil),
        ]
        for (name, key) in table {
            XCTAssertEqual(Key(keyName: name), key, name)
        }
        let keys = ["1", "2", "asterisk", "3", "Return"].compactMap(Key.init(keyName:))
        XCTAssertEqual(display(after: keys), "36")
    }

    func testArithmeticAndItsEdges() {
        XCTAssertEqual(display(after: [.digit(1), .digit(2), .operation(.multiply), .digit(3), .equals]), "36")
        XCTAssertEqual(
            display(after: [.digit(1), .digit(2), .operation(.multiply), .digit(3), .operation(.add), .digit(4)]), "4")
        XCTAssertEqual(
            display(after: [
                .digit(1), .digit(2), .operation(.multiply), .digit(3), .operation(.add), .digit(4), .equals,
            ]),
            "40", "operations chain left to right")
        XCTAssertEqual(
            display(after: [.digit(1), .point, .digit(5), .operation(.add), .point, .digit(5), .equals]), "2")
        XCTAssertEqual(display(after: [.digit(1), .point, .point, .digit(5)]), "1.5", "one point per number")
        XCTAssertEqual(display(after: [.digit(7), .operation(.divide), .digit(0), .equals]), "Error")
        XCTAssertEqual(display(after: [.digit(7), .operation(.divide), .digit(0), .equals, .clear]), "0")
        XCTAssertEqual(display(after: [.digit(5), .negate]), "-5")
        XCTAssertEqual(display(after: [.digit(5), .negate, .negate]), "5")
        XCTAssertEqual(display(after: [.digit(5), .digit(0), .percent]), "0.5")
        XCTAssertEqual(display(after: [.digit(0), .digit(0), .digit(7)]), "7", "no leading zeros")
        XCTAssertEqual(
            display(after: [.digit(2), .operation(.add), .operation(.multiply), .digit(3), .equals]), "6",
            "a second operator replaces the first")
        XCTAssertEqual(display(after: [.equals]), "0", "= with nothing pending changes nothing")
    }

    func testKeysDriveTheDisplayOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let keys = scheduler.createHotObservable(
            "-a-x-b-=-", values: ["a": Key.digit(6), "x": .operation(.multiply), "b": .digit(7), "=": .equals])
        SharingScheduler.mock(scheduler: scheduler) {
            let viewModel = CalculatorViewModel(keys: keys.asObservable().asSignal(onErrorSignalWith: .empty()))
            let display = scheduler.start { viewModel.display }
            // Each key reaches the display two ticks after its press: one hop for the Signal the
            // keys are turned into here, one for the Driver.
            XCTAssertEqual(display.events, [.next(201, "0"), .next(212, "6"), .next(252, "7"), .next(272, "42")])
        }
    }
}
