import RxCocoa
import RxSwift
import RxTest
import Testing
import XCTest

// The same file, linked, is built with a new Xcode 26 project's settings (Package.swift).
#if XCODE26_SETTINGS
import SearchScreenXcode26
#else
import SearchScreen
#endif

// The view model's tests in the three styles, in XCTest (`async` test methods on the main actor:
// on Linux, XCTest stops the run at a main-actor test class with synchronous methods) and in Swift
// Testing (with the leak trait). A tick is a millisecond. The relay's first value, "", is a
// query too: subscribed at 200 with nothing typed, the model searches it at 500 (its answer, [],
// a tick after 700).

nonisolated final class SearchViewModelXCTests: XCTestCase {
    @MainActor
    func testRecordedEvents() async {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let results = await SharingScheduler.withMock(scheduler: scheduler) {
            let model = SearchViewModel(service: SearchService(clock: scheduler.asyncClock), scheduler: scheduler)
            let typed = scheduler.createHotObservable([.next(210, "S"), .next(260, "Se"), .next(900, "B")])
            _ = typed.bind(to: model.query)
            return await scheduler.startSettling { model.results.asObservable() }
        }
        // The latest query goes 300 ms after the last keystroke, answers 200 ms later, and is
        // delivered a tick after (the driver's hop to its scheduler); "B" would answer after 1000.
        XCTAssertEqual(results.events, [.next(761, ["Seoul", "Sejong"])])
    }

    @MainActor
    func testMarbles() async {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let results = await SharingScheduler.withMock(scheduler: scheduler) {
            let model = SearchViewModel(service: SearchService(clock: scheduler.asyncClock), scheduler: scheduler)
            let typed = scheduler.createHotObservable("-a-b", values: ["a": "S", "b": "Bu"], frame: 100)
            _ = typed.bind(to: model.query)
            return await scheduler.startSettling(disposed: 1500) { model.results.asObservable() }
        }
        XCTAssertEqual(
            results.events.map { Recorded(time: $0.time - 1, value: $0.value) },
            marbles: "--------y", values: ["y": ["Busan"]], frame: 100)
    }

    @MainActor
    func testAwaitingEachEvent() async throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        try await SharingScheduler.withMock(scheduler: scheduler) {
            let model = SearchViewModel(service: SearchService(clock: scheduler.asyncClock), scheduler: scheduler)
            try await model.results.asObservable().test { events in
                await scheduler.advanceSettling(to: 600)
                let initial = try await events.awaitNext()
                XCTAssertEqual(initial, [])
                XCTAssertEqual(scheduler.clock, 600)
                model.query.accept("fail")
                await scheduler.advanceSettling(to: 1200)
                let failed = try await events.awaitNext()
                XCTAssertEqual(failed, [])
                try await events.awaitComplete()
            }
        }
    }
}

@Suite(.noLeakedSubscriptions) struct SearchViewModelTests {
    @Test @MainActor func recordedEvents() async {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let results = await SharingScheduler.withMock(scheduler: scheduler) {
            let model = SearchViewModel(service: SearchService(clock: scheduler.asyncClock), scheduler: scheduler)
            let typed = scheduler.createHotObservable([.next(210, "Su")])
            _ = typed.bind(to: model.query)
            return await scheduler.startSettling { model.results.asObservable() }
        }
        #expect(results.events == [.next(711, ["Suwon"])])
    }

    @Test @MainActor func marbles() async {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let results = await SharingScheduler.withMock(scheduler: scheduler) {
            let model = SearchViewModel(service: SearchService(clock: scheduler.asyncClock), scheduler: scheduler)
            let typed = scheduler.createHotObservable("-a", values: ["a": "Sej"], frame: 100)
            _ = typed.bind(to: model.query)
            return await scheduler.startSettling { model.results.asObservable() }
        }
        // "Sej" typed at 300, searched at 600, answered at 800 (and delivered a tick later).
        expectEvents(
            results.events.map { Recorded(time: $0.time - 1, value: $0.value) }, marbles: "------x",
            values: ["x": ["Sejong"]], frame: 100)
    }

    @Test @MainActor func awaitingEachEvent() async throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        try await SharingScheduler.withMock(scheduler: scheduler) {
            let model = SearchViewModel(service: SearchService(clock: scheduler.asyncClock), scheduler: scheduler)
            try await model.results.asObservable().test { events throws in
                model.query.accept("Se")
                await scheduler.advanceSettling(to: 600)
                #expect(try await events.awaitNext() == ["Seoul", "Sejong"])
                events.cancelAndIgnoreRemainingEvents()
            }
        }
    }
}
