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
}
