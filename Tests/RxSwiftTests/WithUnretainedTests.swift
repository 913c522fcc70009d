import RxSwift
import RxTest
import TestSupport
import XCTest

final class WithUnretainedTests: RxTestCase {
    func testCompletesOnceObjectIsGone() {
        final class Owner {}
        let subject = PublishSubject<Int>()
        var owner: Owner? = Owner()
        var events: [Event<Int>] = []
        let subscription = subject.withUnretained(owner!).map { $0.1 }.subscribe { events.append($0) }
        subject.onNext(1)
        owner = nil
        subject.onNext(2)
        XCTAssertEqual(events, [.next(1), .completed])
        subscription.dispose()
    }

    /// `withUnretained(object)` while the object lives: the elements, each with the object.
    func testScenarios() {
        let object = NSObject()
        assertScenarios(Scenario.unchanged) { source in
            source.withUnretained(object).map { owner, element in owner === object ? element : -1 }
        }
    }
}
