import XCTest

@testable import RxSwift

final class ObserverListTests: XCTestCase {
    private func entry() -> SubjectEntry {
        SubjectEntry(owner: nil, downstream: NopDisposable.shared, replaying: false)
    }

    func testInsertsInOrderAndRemovesInConstantTime() {
        var list = ObserverList()
        let entries = (0..<3).map { _ in entry() }
        entries.forEach { list.insert($0) }
        XCTAssertEqual(list.count, 3)
        XCTAssertEqual(entries.map(\.index), [0, 1, 2])
        list.remove(entries[1])
        XCTAssertEqual(list.count, 2)
        XCTAssertTrue(list.slots[1] === SubjectEntry.removed)
        list.remove(entries[1])
        XCTAssertEqual(list.count, 2, "removing twice changes nothing")
        XCTAssertTrue(list.slots[2] === entries[2])
    }

    /// RxSwift's bag refills the first place first: a subscriber arriving after the first one
    /// left is notified before the older ones.
    func testTheFirstFreedSlotIsRefilledFirst() {
        var list = ObserverList()
        let first = entry(), second = entry(), third = entry()
        list.insert(first)
        list.insert(second)
        list.remove(first)
        list.insert(third)
        XCTAssertTrue(list.slots[0] === third)
        XCTAssertEqual(third.index, 0)
    }

    func testCompactsWhenMostSlotsAreFreeAndEmptiesWhenAllAre() {
        var list = ObserverList()
        let entries = (0..<40).map { _ in entry() }
        entries.forEach { list.insert($0) }
        for entry in entries[0..<20] { list.remove(entry) }
        XCTAssertEqual(list.slots.count, 40, "half free: not compacted yet")
        list.remove(entries[20])
        XCTAssertEqual(list.slots.count, 19, "compacted")
        XCTAssertEqual(list.slots.map(\.index), Array(0..<19).map(Int32.init))
        XCTAssertTrue(list.slots.allSatisfy { $0 !== SubjectEntry.removed })
        list.remove(entries[30])
        XCTAssertEqual(entries[31].index, 10, "indexes were updated")
        XCTAssertTrue(list.slots[10] === entries[31])
        for entry in entries[21...] { list.remove(entry) }
        XCTAssertEqual(list.count, 0)
        XCTAssertTrue(list.slots.isEmpty)
    }
}
