import RxSwift
import RxTest
import TestSupport
import XCTest

final class AnyObserverTests: RxTestCase {
    func testForwardsToClosureAndObserver() {
        var events: [Event<Int>] = []
        let observer = AnyObserver<Int> { events.append($0) }
        observer.onNext(1)
        AnyObserver(observer).onCompleted()
        XCTAssertEqual(events, [.next(1), .completed])
    }

    func testMapObserverTransformsAndReportsThrows() {
        var events: [Event<Int>] = []
        let observer = AnyObserver<Int> { events.append($0) }
        let strings = observer.mapObserver { (text: String) -> Int in
            guard let value = Int(text) else { throw testError }
            return value
        }
        strings.onNext("4")
        strings.onNext("x")
        XCTAssertEqual(events, [.next(4), .error(testError)])
    }
}
