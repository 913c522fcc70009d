import RxSwift
import RxTest
import TestSupport
import XCTest

final class SubscriptionCycleTests: RxTestCase {
    final class Screen {
        let bag = DisposeBag()
        var seen: [Int] = []

        func bind(_ source: Observable<Int>) {
            source.subscribe(onNext: { self.seen.append($0) }).disposed(by: bag)
        }
    }

    func testTerminationBreaksTheSelfBagClosureCycle() {
        let subject = PublishSubject<Int>()
        var screen: Screen? = Screen()
        weak let weakScreen = screen
        screen!.bind(subject)
        subject.onNext(1)
        XCTAssertEqual(screen?.seen, [1])
        screen = nil
        XCTAssertNotNil(weakScreen, "a live subscription keeps its closure's captures, as in RxSwift")
        subject.onCompleted()
        XCTAssertNil(weakScreen, "after the sequence ends, the closures are released")
    }
}
