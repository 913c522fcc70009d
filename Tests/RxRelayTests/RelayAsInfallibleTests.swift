import RxRelay
import RxSwift
import RxTest
import TestSupport
import XCTest

final class RelayAsInfallibleTests: TimeLimitedTestCase {
    func testEachRelayAsInfallibleSeesWhatItsSubscribersSee() {
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay(value: 0)
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        replay.accept(9)
        var seen: [String] = []
        let bag = DisposeBag()
        publish.asInfallible().subscribe(onNext: { seen.append("p\($0)") }).disposed(by: bag)
        behavior.asInfallible().subscribe(onNext: { seen.append("b\($0)") }).disposed(by: bag)
        replay.asInfallible().subscribe(onNext: { seen.append("r\($0)") }).disposed(by: bag)
        publish.accept(1)
        behavior.accept(2)
        replay.accept(3)
        XCTAssertEqual(seen, ["b0", "r9", "p1", "b2", "r3"])
    }
}
