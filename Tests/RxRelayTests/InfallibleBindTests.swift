import RxRelay
import RxSwift
import RxTest
import TestSupport
import XCTest

final class InfallibleBindTests: TimeLimitedTestCase {
    func testInfallibleBindsIntoEveryKindOfRelay() {
        let publish = PublishRelay<Int>()
        let optionalPublish = PublishRelay<Int?>()
        let behavior = BehaviorRelay(value: 0)
        let optionalBehavior = BehaviorRelay<Int?>(value: nil)
        let replay = ReplayRelay<Int>.createUnbound()
        let optionalReplay = ReplayRelay<Int?>.createUnbound()
        var published: [Int?] = []
        let bag = DisposeBag()
        publish.subscribe(onNext: { published.append($0) }).disposed(by: bag)
        optionalPublish.subscribe(onNext: { published.append($0) }).disposed(by: bag)
        let source = Infallible.of(1, 2)
        source.bind(to: publish).disposed(by: bag)
        source.bind(to: optionalPublish).disposed(by: bag)
        source.bind(to: behavior).disposed(by: bag)
        source.bind(to: optionalBehavior).disposed(by: bag)
        source.bind(to: replay).disposed(by: bag)
        source.bind(to: optionalReplay).disposed(by: bag)
        var replayed: [Int?] = []
        replay.subscribe(onNext: { replayed.append($0) }).disposed(by: bag)
        optionalReplay.subscribe(onNext: { replayed.append($0) }).disposed(by: bag)
        XCTAssertEqual(published, [1, 2, 1, 2])
        XCTAssertEqual(behavior.value, 2)
        XCTAssertEqual(optionalBehavior.value, 2)
        XCTAssertEqual(replayed, [1, 2, 1, 2])
    }
}
