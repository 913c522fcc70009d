import RxSwift
import TestSupport
import XCTest

// MigratingFromRxSwift.md, "Known differences": a protocol that restates `subscribe` with the
// attribute inside its optional closures is satisfied by `Observable` as it is.
protocol Subscribing<Element> {
    associatedtype Element
    func subscribe(
        onNext: (@isolated(any) (Element) -> Void)?,
        onError: (@isolated(any) (Swift.Error) -> Void)?,
        onCompleted: (@isolated(any) () -> Void)?,
        onDisposed: (@isolated(any) () -> Void)?
    ) -> Disposable
}

extension Observable: Subscribing {}

final class MigratingFromRxSwiftExamples: RxTestCase {
    func testAProtocolRestatingSubscribeIsSatisfiedByObservable() {
        func collect(_ source: some Subscribing<Int>) -> [Int] {
            var seen: [Int] = []
            source.subscribe(onNext: { seen.append($0) }, onError: nil, onCompleted: nil, onDisposed: nil).dispose()
            return seen
        }
        XCTAssertEqual(collect(Observable.of(1, 2, 3)), [1, 2, 3])
    }

    /// "Where the compiler gives up": the two ways around it compile (in the Swift 6 mode of this
    /// target) and give the chain's answer. 1…5 → +1, ×2 → 4 6 8 10 12 → not multiples of 3:
    /// 4 8 10 → +7, −1: 10 14 16 → 40.
    func testTheWaysAroundAChainTheCompilerGivesUpOn() throws {
        let numbers = Observable.from([1, 2, 3, 4, 5])
        let withAClosure =
            numbers
            .concatMap { n in Observable.just(n + 1) }
            .map { $0 * 2 }.filter { $0 % 3 != 0 }.map { $0 + 7 }.map { $0 - 1 }
            .reduce(0) { $0 + $1 }
        let withTheInnerType =
            numbers
            .concatMap { n in Observable<Int>.just(n + 1) }
            .map { $0 * 2 }.filter { $0 % 3 != 0 }.map { $0 + 7 }.map { $0 - 1 }
            .reduce(0, accumulator: +)
        for total in [withAClosure, withTheInnerType] {
            var got: [Int] = []
            total.subscribe(onNext: { got.append($0) }).dispose()
            XCTAssertEqual(got, [40])
        }
    }
}
