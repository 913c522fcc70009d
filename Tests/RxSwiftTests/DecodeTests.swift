import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

final class DecodeTests: RxTestCase {
    struct User: Decodable, Equatable {
        let id: Int
    }

    func testDecodesAndFailsOnBadData() {
        let good = Data(#"{"id":7}"#.utf8)
        XCTAssertEqual(
            collect(Observable.just(good).decode(type: User.self, decoder: JSONDecoder())),
            [.next(User(id: 7)), .completed])
        let events = collect(Observable.just(Data("nope".utf8)).decode(type: User.self, decoder: JSONDecoder()))
        XCTAssertEqual(events.count, 1)
        XCTAssertNotNil(events.first?.error)
    }

    /// Each element sent as the JSON of a `User` with that id: the users come out as the
    /// elements went in; a datum that does not decode fails the sequence.
    func testScenarios() {
        let json = { (id: Int) in Data(#"{"id":\#(id)}"#.utf8) }
        assertScenarios(
            [
                .elements([.next(210, User(id: 1)), .next(220, User(id: 2)), .next(230, User(id: 3)), .completed(240)]),
                .empty([.completed(210)]),
                .error([.next(210, User(id: 1)), .error(220, testError)]),
                .disposedMidStream([.next(210, User(id: 1)), .next(220, User(id: 2))]),
            ]
        ) { source in source.map(json).decode(type: User.self, decoder: JSONDecoder()) }
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start {
            xs.map { $0 == 2 ? Data("nope".utf8) : json($0) }.decode(type: User.self, decoder: JSONDecoder())
        }
        XCTAssertEqual(res.events.count, 2)
        XCTAssertEqual(res.events.first, .next(210, User(id: 1)))
        XCTAssertEqual(res.events.last?.time, 220)
        XCTAssertNotNil(res.events.last?.value.error, "a datum that does not decode fails the sequence")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}
