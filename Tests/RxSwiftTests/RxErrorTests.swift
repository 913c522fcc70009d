import RxSwift
import RxTest
import TestSupport
import XCTest

final class RxErrorTests: RxTestCase {
    /// Records the debug warnings `body` gives.
    private func warnings(_ body: () -> Void) -> [String] {
        let warnings = LockedBox<[String]>([])
        let previous = Hooks.warningHandler
        Hooks.warningHandler = { message in warnings.mutate { $0.append(message) } }
        defer { Hooks.warningHandler = previous }
        body()
        return warnings.value
    }

    /// A bad argument fails the sequence with RxSwift's `argumentOutOfRange` (its value and text
    /// unchanged, so tests that compare it keep passing), and a debug warning names the operator
    /// and the value.
    func testABadArgumentNamesTheOperatorAndTheValue() {
        let source = Observable.of(1, 2)
        let cases: [(() -> Observable<Int>, String)] = [
            ({ source.take(-1) }, "take(-1): count must be ≥ 0, got -1"),
            ({ source.takeLast(-2) }, "takeLast(-2): count must be ≥ 0, got -2"),
            ({ source.element(at: -1) }, "element(at: -1): index must be ≥ 0, got -1"),
            ({ source.element(at: 5) }, "element(at: 5): the source completed after 2 elements"),
            ({ source.retry(-1) }, "retry(-1): maxAttemptCount must be ≥ 0, got -1"),
            ({ source.share(replay: -1) }, "share(replay: -1): replay must be ≥ 0, got -1"),
            ({ Observable.range(start: 0, count: -4) }, "range(start:count: -4): count must be ≥ 0, got -4"),
            (
                { Observable.of(source).merge(maxConcurrent: 0) },
                "merge(maxConcurrent: 0): maxConcurrent must be ≥ 1, got 0"
            ),
            (
                { ReplaySubject<Int>.create(bufferSize: -1).asObservable() },
                "ReplaySubject.create(bufferSize: -1): bufferSize must be ≥ 0, got -1"
            ),
        ]
        for (sequence, problem) in cases {
            var events: [Event<Int>] = []
            let said = warnings { events = collect(sequence()) }
            XCTAssertEqual(events, [.error(RxError.argumentOutOfRange)], problem)
            XCTAssertEqual(said, ["⚠️ \(problem). The sequence fails with RxError.argumentOutOfRange."], problem)
        }
        // RxSwift's answers, which lose nothing: no warning.
        let scheduler = TestScheduler(initialClock: 0)
        // A negative period names the operator written: `interval`, not the `timer` under it.
        XCTAssertEqual(
            warnings { _ = Observable<Int>.interval(.seconds(-1), scheduler: scheduler) },
            [
                "⚠️ interval(seconds(-1)): period must be ≥ 0, got seconds(-1). The sequence fails with RxError.argumentOutOfRange."
            ])
        XCTAssertEqual(
            warnings { _ = Observable<Int>.timer(.seconds(0), period: .seconds(-1), scheduler: scheduler) },
            [
                "⚠️ timer(_:period: seconds(-1)): period must be ≥ 0, got seconds(-1). The sequence fails with RxError.argumentOutOfRange."
            ])
        XCTAssertEqual(warnings { _ = source.skip(-3) }, [])
        XCTAssertEqual(warnings { _ = source.retry(0) }, [])
        XCTAssertEqual(warnings { _ = source.buffer(timeSpan: .seconds(1), count: 0, scheduler: scheduler) }, [])
        XCTAssertEqual(warnings { _ = source.window(timeSpan: .seconds(1), count: 0, scheduler: scheduler) }, [])
        XCTAssertEqual(String(describing: RxError.argumentOutOfRange), "Argument out of range.")
    }
}
