import TestSupport
import XCTest

@testable import RxSwift

final class ObserverListTests: TimeLimitedTestCase {
    private func entry() -> SubjectEntry {
        SubjectEntry(owner: nil, downstream: NopDisposable.shared, replaying: false)
    }

    /// The live entries, in delivery order, and whether each knows its slot.
    private func live(_ list: ObserverList) -> [SubjectEntry] {
        for (index, entry) in list.slots.enumerated() where entry !== SubjectEntry.removed {
            XCTAssertEqual(Int(entry.index), index, "an entry knows its slot")
        }
        return list.slots.filter { $0 !== SubjectEntry.removed }
    }

    func testInsertsInOrderAndRemovesKeepingTheOrder() {
        var list = ObserverList()
        let entries = (0..<3).map { _ in entry() }
        entries.forEach { list.insert($0) }
        XCTAssertEqual(list.count, 3)
        XCTAssertEqual(entries.map(\.index), [0, 1, 2])
        list.remove(entries[1])
        XCTAssertEqual(list.count, 2)
        XCTAssertTrue(live(list).elementsEqual([entries[0], entries[2]], by: ===))
        list.remove(entries[1])
        XCTAssertEqual(list.count, 2, "removing twice changes nothing")
        XCTAssertTrue(live(list).elementsEqual([entries[0], entries[2]], by: ===))
        list.remove(entries[2])
        XCTAssertEqual(list.slots.count, 1, "the last slot goes at once")
    }

    /// RxSwift's bag refills the first place first: a subscriber arriving after the first one
    /// left is notified before the older ones.
    func testTheFirstFreedSlotIsRefilledFirst() {
        var list = ObserverList()
        let first = entry(), second = entry(), third = entry(), fourth = entry()
        list.insert(first)
        list.insert(second)
        list.insert(third)
        list.remove(first)
        XCTAssertTrue(list.slots[0] === SubjectEntry.removed, "the first place stays free for the next one")
        list.insert(fourth)
        XCTAssertTrue(list.slots[0] === fourth)
        XCTAssertEqual(fourth.index, 0)
        XCTAssertTrue(live(list).elementsEqual([fourth, second, third], by: ===))
    }

    /// However subscribers come and go, a delivery walks at most an eighth more slots than there
    /// are subscribers (plus the first place), and the order stays the subscription order.
    func testHolesStayUnderAnEighthThroughChurn() {
        var list = ObserverList()
        // The model: RxSwift's bag, a first place apart and the rest in subscription order.
        var first: SubjectEntry? = nil
        var rest: [SubjectEntry] = []
        for _ in 0..<200 {
            let added = entry()
            list.insert(added)
            if first == nil { first = added } else { rest.append(added) }
        }
        var state: UInt64 = 42
        for round in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            let victim = Int((state >> 33) % UInt64(rest.count + 1))
            if victim == 0, let removed = first {
                list.remove(removed)
                first = nil
            } else if victim > 0 {
                list.remove(rest.remove(at: victim - 1))
            }
            if round % 2 == 0 {
                let added = entry()
                list.insert(added)
                if first == nil { first = added } else { rest.append(added) }
            }
            XCTAssertLessThanOrEqual(list.slots.count - 1, list.count + list.count / 8)
            if rest.count < 20 { break }
        }
        let expected = (first.map { [$0] } ?? []) + rest
        XCTAssertEqual(list.count, expected.count)
        XCTAssertTrue(live(list).elementsEqual(expected, by: ===), "the order is the bag's")
        for entry in expected { list.remove(entry) }
        XCTAssertEqual(list.count, 0)
        XCTAssertTrue(list.slots.isEmpty)
    }
}
