// swift-format-ignore-file
// (Laid out as the article shows it; SamplesAreCompiledTests compares the two.)
// The code of RxTest.docc/TestingReactiveAndAsyncCode.md, compiled and run.

import Foundation
import RxCocoa
import RxSwift
import RxTest
import Testing
import TestSupport
import XCTest

// A search service that takes two seconds of its clock to answer, and a view model that searches
// as the user types: it waits for a second of quiet, skips repeats, and switches to the latest
// query, cancelling the search still running for the previous one.

struct SearchService: Sendable {
    let clock: any Clock<Duration>

    func search(_ text: String) async throws -> [String] {
        try await clock.sleep(for: .seconds(2))
        return ["\(text) 1", "\(text) 2"]
    }
}

final class SearchViewModel {
    let query = PublishSubject<String>()
    let results: Observable<[String]>

    init(service: SearchService, scheduler: SchedulerType) {
        results = query
            .debounce(.seconds(1), scheduler: scheduler)
            .distinctUntilChanged()
            .flatMapLatest { text in try await service.search(text) }
    }
}

@MainActor
final class MainActorSearchViewModel {
    let query = PublishSubject<String>()
    let results: Observable<[String]>

    init(service: SearchService, scheduler: SchedulerType) {
        results = query
            .debounce(.seconds(1), scheduler: scheduler)
            .distinctUntilChanged()
            .flatMapLatest { text in try await service.search(text) }
    }
}

final class TestingReactiveAndAsyncCodeTests: RxTestCase {
    @MainActor
    func testMainActorModelRecordedEvents() async {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        let model = MainActorSearchViewModel(service: SearchService(clock: scheduler.asyncClock), scheduler: scheduler)
        let typed = scheduler.createHotObservable([.next(210, "r"), .next(215, "rx"), .next(232, "rxs"), .next(300, "rx")])
        _ = typed.bind(to: model.query)
        let results = await scheduler.startSettling { model.results }
        XCTAssertEqual(results.events, [.next(262, ["rxs 1", "rxs 2"]), .next(330, ["rx 1", "rx 2"])])
    }

    @MainActor
    func testMainActorModelMarbles() async {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        let model = MainActorSearchViewModel(service: SearchService(clock: scheduler.asyncClock), scheduler: scheduler)
        let typed = scheduler.createHotObservable("-ab------c", values: ["a": "r", "b": "rx", "c": "rxs"], frame: 5)
        _ = typed.bind(to: model.query)
        let results = await scheduler.startSettling { model.results }
        XCTAssertEqual(results.events, marbles: "--------x------y", values: ["x": ["rx 1", "rx 2"], "y": ["rxs 1", "rxs 2"]], frame: 5)
    }

    @MainActor
    func testMainActorDriver() async {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let names = scheduler.createHotObservable([.next(210, "Ann")])
        let greetings = await SharingScheduler.withMock(scheduler: scheduler) {
            let greeting = names.asDriver(onErrorJustReturn: "").debounce(.milliseconds(300)).map { "Hello, \($0)" }
            return await scheduler.startSettling { greeting.asObservable() }
        }
        XCTAssertEqual(greetings.events, [.next(511, "Hello, Ann")])   // 300 ms, and a tick to deliver
    }

    @MainActor
    func testMainActorModelAwaitingEachEvent() async throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        let model = MainActorSearchViewModel(service: SearchService(clock: scheduler.asyncClock), scheduler: scheduler)
        try await model.results.test { events in
            scheduler.scheduleAt(10) { model.query.onNext("rx") }
            await scheduler.advanceSettling(to: 100)
            let found = try await events.awaitNext()
            XCTAssertEqual(found, ["rx 1", "rx 2"])
            events.expectNoEvents()
        }
    }

    func testRecordedEvents() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)   // a tick is 100 ms
        let model = SearchViewModel(service: SearchService(clock: scheduler.asyncClock), scheduler: scheduler)
        let typed = scheduler.createHotObservable([
            .next(210, "r"), .next(215, "rx"),   // "rx" settles at 225; its search runs until 245
            .next(232, "rxs"),                   // settles at 242: the search for "rx" is cancelled
            .next(300, "rx"),
        ])
        _ = typed.bind(to: model.query)
        let results = scheduler.start { model.results }
        XCTAssertEqual(results.events, [
            .next(262, ["rxs 1", "rxs 2"]),
            .next(330, ["rx 1", "rx 2"]),
        ])
    }

    func testMarbles() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        let model = SearchViewModel(service: SearchService(clock: scheduler.asyncClock), scheduler: scheduler)
        // A character is 5 ticks, half a second: the debounce takes 2, a search 4.
        let typed = scheduler.createHotObservable("-ab------c", values: ["a": "r", "b": "rx", "c": "rxs"], frame: 5)
        _ = typed.bind(to: model.query)
        let results = scheduler.start { model.results }
        XCTAssertEqual(results.events, marbles: "--------x------y", values: ["x": ["rx 1", "rx 2"], "y": ["rxs 1", "rxs 2"]], frame: 5)
    }

    func testAwaitingEachEvent() async throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        let model = SearchViewModel(service: SearchService(clock: scheduler.asyncClock), scheduler: scheduler)
        try await model.results.test { events in
            scheduler.scheduleAt(10) { model.query.onNext("rx") }
            scheduler.scheduleAt(15) { model.query.onNext("rx") }
            scheduler.start()
            let found = try await events.awaitNext()
            XCTAssertEqual(found, ["rx 1", "rx 2"])
            XCTAssertEqual(scheduler.clock, 45)
            events.expectNoEvents()
        }
    }

    func testAsyncCodeOnVirtualTime() async throws {
        let scheduler = TestScheduler(initialClock: 0)
        let service = SearchService(clock: scheduler.asyncClock)
        let found = scheduler.task { try await service.search("rx") }
        scheduler.start()                       // runs the task; its sleep ends at 2
        let results = try await found.value     // ["rx 1", "rx 2"]
        XCTAssertEqual(results, ["rx 1", "rx 2"])
        XCTAssertEqual(scheduler.clock, 2)
    }
}

@Suite(.noLeakedSubscriptions) struct SearchViewModelTests {
    @Test func searchesTheLatestQuery() async throws {
        let scheduler = TestScheduler(initialClock: 0)
        let model = SearchViewModel(service: SearchService(clock: scheduler.asyncClock), scheduler: scheduler)
        try await model.results.test { events throws in
            scheduler.scheduleAt(10) { model.query.onNext("rx") }
            scheduler.start()
            #expect(try await events.awaitNext() == ["rx 1", "rx 2"])
        }
    }
}
