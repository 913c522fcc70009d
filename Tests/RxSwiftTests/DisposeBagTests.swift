import Foundation
import TestSupport
import XCTest

@testable import RxSwift

/// A `DisposeBag` once threads have met at it (`Sources/RxSwift/Disposables/DisposeBag.swift`):
/// each thread then inserts into a part of its own, and what one thread added is still disposed
/// in the order it added it. The spread is made here without waiting for two threads to meet
/// (`spread()`); `ConcurrencyStressTests` fills a bag from eight threads at once.
final class DisposeBagTests: RxTestCase {
    func testAThreadsEntriesFromBeforeAndAfterTheBagSpreadAreDisposedInItsOrder() {
        let log = LockedBox<[String]>([])
        @Sendable func entry(_ name: String) -> Disposable {
            Disposables.create { log.mutate { $0.append(name) } }
        }
        var bag: DisposeBag? = DisposeBag()
        bag!.insert(entry("a1"))
        bag!.insert([entry("a2"), entry("a3")])
        let parts = bag!.spread()
        XCTAssertTrue(parts === bag!.spread(), "a bag spreads once")
        bag!.insert(entry("a4"))
        let shared = bag!
        runConcurrently(2) { thread in
            shared.insert(entry("t\(thread)-1"))
            shared.insert([entry("t\(thread)-2"), entry("t\(thread)-3")])
        }
        bag!.insert(entry("a5"))
        XCTAssertEqual(log.value, [])
        _ = consume shared
        bag = nil
        let disposed = log.value
        XCTAssertEqual(disposed.filter { $0.hasPrefix("a") }, ["a1", "a2", "a3", "a4", "a5"])
        for thread in 0..<2 {
            XCTAssertEqual(
                disposed.filter { $0.hasPrefix("t\(thread)-") }, ["t\(thread)-1", "t\(thread)-2", "t\(thread)-3"])
        }
        XCTAssertEqual(disposed.count, 11)
    }

    /// What the thread of each part inserts after the bag is torn down is disposed at once.
    func testAPartOfATornDownBagDisposesWhatItIsGivenAtOnce() {
        let bag = DisposeBag()
        let parts = bag.spread()
        let log = LockedBox<[Int]>([])
        let entries = parts.all.indices.map { parts.all[$0].state.withLock { $0.takeAll() } }
        XCTAssertEqual(entries.map(\.count), Array(repeating: 0, count: parts.all.count))
        XCTAssertFalse(
            parts.withPartForThisThread { $0.state.withLock { $0.keep(Disposables.create {}) } })
        bag.insert(Disposables.create { log.mutate { $0.append(1) } })
        XCTAssertEqual(log.value, [1], "a part that is disposed of disposes an insert at once")
    }
}
