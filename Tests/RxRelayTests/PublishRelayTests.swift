import RxRelay
import RxSwift
import RxTest
import TestSupport
import XCTest

final class PublishRelayTests: TimeLimitedTestCase {
    func testAcceptReachesCurrentSubscribersOnly() {
        let relay = PublishRelay<Int>()
        relay.accept(0)
        var seen: [Int] = []
        let subscription = relay.subscribe(onNext: { seen.append($0) })
        relay.accept(1)
        relay.accept(2)
        subscription.dispose()
        relay.accept(3)
        XCTAssertEqual(seen, [1, 2])
    }
}

/// Strings collected from any thread.
final class LockedStrings: @unchecked Sendable {
    // @unchecked Sendable: `storage` is guarded by `lock`.
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ value: String) {
        lock.lock()
        storage.append(value)
        lock.unlock()
    }

    var values: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
