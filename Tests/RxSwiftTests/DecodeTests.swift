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
}
