import RxSwift
import RxTest
import TestSupport
import XCTest

final class ReconnectionTests: RxTestCase {
    func testWhileConnectedShareResubscribesAfterCompletion() {
        var subscriptions = 0
        let source = Observable<Int>.deferred {
            subscriptions += 1
            return .just(subscriptions)
        }
        let shared = source.share(replay: 1)
        XCTAssertEqual(collect(shared), [.next(1), .completed])
        XCTAssertEqual(collect(shared), [.next(2), .completed], "a completed whileConnected share starts afresh")
        let forever = source.share(replay: 1, scope: .forever)
        XCTAssertEqual(collect(forever), [.next(3), .completed])
        XCTAssertEqual(collect(forever).first, .next(3), "forever keeps the completed subject's replay")
    }

    func testMulticastWithFactoryMakesANewSubjectPerConnection() {
        var made = 0
        let connectable = Observable.of(1, 2).multicast(makeSubject: { () -> ReplaySubject<Int> in
            made += 1
            return ReplaySubject.createUnbounded()
        })
        var first: [Int] = []
        _ = connectable.subscribe(onNext: { first.append($0) })
        _ = connectable.connect()
        var second: [Int] = []
        _ = connectable.subscribe(onNext: { second.append($0) })
        _ = connectable.connect()
        XCTAssertEqual(first, [1, 2])
        XCTAssertEqual(second, [1, 2])
        XCTAssertEqual(made, 2)
    }
}
