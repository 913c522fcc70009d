import RxRelay
import RxSwift
import RxTest
import TestSupport
import Testing
import XCTest

/// A search view model written as most app code now is: main-actor isolated, its `async` work
/// (`flatMapLatest { try await service.search($0) }`) running on the main actor.
@MainActor
final class MainActorSearchModel {
    let results: Observable<[String]>
    let latest = BehaviorRelay<[String]>(value: [])
    private let disposeBag = DisposeBag()

    init(queries: Observable<String>, service: MainActorSearchService, scheduler: SchedulerType) {
        results =
            queries
            .debounce(.milliseconds(300), scheduler: scheduler)
            .distinctUntilChanged()
            .flatMapLatest { query in try await service.search(query) }
        results.bind(to: latest).disposed(by: disposeBag)
    }
}

@MainActor
final class MainActorSearchService {
    private(set) var requests: [String] = []

    func search(_ query: String) async throws -> [String] {
        requests.append(query)
        await Task.yield()
        return ["Seoul", "Sejong", "Busan"].filter { $0.hasPrefix(query) }
    }
}

/// `startSettling` and `advanceSettling(to:)`: recorded events of a main-actor model whose `async`
/// work needs the main actor between virtual events.
final class TestSchedulerSettlingTests: TimeLimitedTestCase {
    private func queries(_ scheduler: TestScheduler) -> TestableObservable<String> {
        scheduler.createHotObservable([.next(210, "S"), .next(260, "Se"), .next(600, "Se"), .next(650, "B")])
    }

    @MainActor
    func testRecordedEventsOfAMainActorModelWithAsyncWork() async {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let service = MainActorSearchService()
        let model = MainActorSearchModel(
            queries: queries(scheduler).asObservable(), service: service, scheduler: scheduler)
        let res = await scheduler.startSettling { model.results }
        XCTAssertEqual(res.events, [.next(560, ["Seoul", "Sejong"]), .next(950, ["Busan"])])
        // The model's own binding to `latest` asks too, at the same times.
        XCTAssertEqual(service.requests, ["Se", "Se", "B", "B"])
    }

    @MainActor
    func testAdvanceSettlingDrivesARelayOfTheModel() async {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let model = MainActorSearchModel(
            queries: queries(scheduler).asObservable(), service: MainActorSearchService(), scheduler: scheduler)
        await scheduler.advanceSettling(to: 600)
        XCTAssertEqual(model.latest.value, ["Seoul", "Sejong"])
        XCTAssertEqual(scheduler.clock, 600)
        await scheduler.advanceSettling(to: 1000)
        XCTAssertEqual(model.latest.value, ["Busan"])
    }
}

/// Async work that waits for something other than the scheduler is reported, not waited for.
final class TestSchedulerSettlingFailureTests: XCTestCase {
    private var failures: [String] = []

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        failures.append(description)
    }

    @MainActor
    func testWorkThatNeverSettlesIsATestFailure() async {
        let scheduler = TestScheduler(initialClock: 0)
        let res = await scheduler.startSettling(settleTimeout: .milliseconds(50)) {
            Observable.just(1).flatMapLatest { _ in
                try await Task.sleep(for: .seconds(30))
                return 2
            }
        }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.hasPrefix("async work started by the sequence under test did not settle within") == true)
    }
}

/// The same in Swift Testing.
@Suite struct TestSchedulerSettlingSwiftTestingTests {
    @Test @MainActor func recordedEventsOfAMainActorModel() async {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let input = scheduler.createHotObservable([.next(210, "Se"), .next(600, "B")])
        // (`debounce` of 300 ms: each query is asked 300 ticks after it was typed.)
        let model = MainActorSearchModel(
            queries: input.asObservable(), service: MainActorSearchService(), scheduler: scheduler)
        let res = await scheduler.startSettling { model.results }
        #expect(res.events == [.next(510, ["Seoul", "Sejong"]), .next(900, ["Busan"])])
    }
}
