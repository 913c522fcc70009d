import RxCocoa
import RxSwift
import RxTest
import TestSupport
import Testing
import XCTest

/// A main-actor model whose Driver debounces on the sharing scheduler.
@MainActor
final class GreetingModel {
    let greeting: Driver<String>

    init(names: Observable<String>) {
        greeting = names.asDriver(onErrorJustReturn: "").debounce(.milliseconds(300)).map { "Hello, \($0)" }
    }
}

/// `SharingScheduler.withMock`: a Driver on virtual time inside async tests.
final class SharingSchedulerWithMockTests: TimeLimitedTestCase {
    @MainActor
    func testADriverOfAMainActorModelRunsOnTheMockedScheduler() async throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let names = scheduler.createHotObservable([.next(210, "Ann"), .next(300, "Bo"), .next(800, "Cy")])
        let greetings = await SharingScheduler.withMock(scheduler: scheduler) {
            let model = GreetingModel(names: names.asObservable())
            return await scheduler.startSettling { model.greeting.asObservable() }
        }
        // 300 ms after the last name of a burst, plus the tick a TestScheduler adds to each
        // scheduled delivery (as RxSwift's); "Cy" would come at 1101, after the disposal.
        XCTAssertEqual(greetings.events, [.next(601, "Hello, Bo")])
        XCTAssertEqual(SharingScheduler.make() is MainScheduler, true, "the mock ends with the operation")
    }

    @MainActor
    func testInsideTestAwaitingEachEvent() async throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        try await SharingScheduler.withMock(scheduler: scheduler) {
            let model = GreetingModel(names: .just("Ann"))
            try await model.greeting.asObservable().test { events in
                scheduler.start()
                let first = try await events.awaitNext()
                XCTAssertEqual(first, "Hello, Ann")
                try await events.awaitComplete()
            }
        }
    }
}

@Suite(.noLeakedSubscriptions) struct SharingSchedulerWithMockSwiftTestingTests {
    @Test @MainActor func aDriverOnVirtualTimeInSwiftTesting() async throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let names = scheduler.createHotObservable([.next(210, "Ann")])
        let greetings = await SharingScheduler.withMock(scheduler: scheduler) {
            let model = GreetingModel(names: names.asObservable())
            return await scheduler.startSettling { model.greeting.asObservable() }
        }
        #expect(greetings.events == [.next(511, "Hello, Ann")])
    }
}
