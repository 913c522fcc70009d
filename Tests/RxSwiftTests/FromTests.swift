import RxSwift
import RxTest
import TestSupport
import XCTest

final class FromTests: RxTestCase {
    func testOfAndFrom() {
        XCTAssertEqual(collect(.of(1, 2, 3)), [.next(1), .next(2), .next(3), .completed])
        XCTAssertEqual(collect(.from([4, 5])), [.next(4), .next(5), .completed])
        XCTAssertEqual(collect(.from(1...3)), [.next(1), .next(2), .next(3), .completed])
        XCTAssertEqual(collect(.from(optional: 7)), [.next(7), .completed])
        XCTAssertEqual(collect(Observable<Int>.from(optional: nil)), [.completed])
    }

    func testOfOnTestSchedulerEmitsOneElementPerTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    }

    func testDisposalStopsTheLoop() {
        var seen: [Int] = []
        _ = Observable.from(1...1_000_000).take(3).subscribe(onNext: { seen.append($0) })
        XCTAssertEqual(seen, [1, 2, 3])
    }

    func testDisposeBeforeItsTimeOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 202) { Observable.of(1, 2, 3, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1)])
    }

    func testScenarios() {
        assertSourceScenarios([
            .toTheEnd([.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)]),
            .disposed(at: 202, [.next(201, 1)]),
        ]) { scheduler in Observable.from([1, 2, 3], scheduler: scheduler) }
        assertSourceScenarios([.toTheEnd([.next(201, 1), .next(202, 2), .completed(203)])]) { scheduler in
            Observable.of(1, 2, scheduler: scheduler)
        }
        assertSourceScenarios([.toTheEnd([.next(201, 1), .completed(202)])]) { scheduler in
            Observable.from(optional: 1, scheduler: scheduler)
        }
        assertSourceScenarios([.toTheEnd([.completed(201)])]) { scheduler in
            Observable<Int>.from(optional: nil, scheduler: scheduler)
        }
    }
}
