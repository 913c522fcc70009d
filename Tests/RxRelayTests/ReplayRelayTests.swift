import RxRelay
import RxSwift
import RxTest
import TestSupport
import XCTest

final class ReplayRelayTests: TimeLimitedTestCase {
    func testReplaysBuffer() {
        let relay = ReplayRelay<Int>.create(bufferSize: 2)
        [1, 2, 3].forEach(relay.accept)
        var seen: [Int] = []
        _ = relay.subscribe(onNext: { seen.append($0) }).dispose()
        XCTAssertEqual(seen, [2, 3])
        let unbound = ReplayRelay<Int>.createUnbound()
        [1, 2, 3].forEach(unbound.accept)
        var all: [Int] = []
        _ = unbound.subscribe(onNext: { all.append($0) }).dispose()
        XCTAssertEqual(all, [1, 2, 3])
    }
}
