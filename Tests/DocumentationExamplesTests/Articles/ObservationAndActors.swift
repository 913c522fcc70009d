// swift-format-ignore-file
// (Laid out as the article shows it; SamplesAreCompiledTests compares the two.)
// The code of RxSwift.docc/ObservationAndActors.md, compiled and run.

import Foundation
import Observation
import RxRelay
import RxSwift
import RxTest
import TestSupport
import XCTest

// Step 1: an @Observable model fed by an Rx chain.

@MainActor @Observable
final class WeatherModel {
    var temperature = "–"
}

@MainActor
final class WeatherScreen {
    let model = WeatherModel()
    private let disposeBag = DisposeBag()

    func show(_ readings: Observable<Double>) {
        readings
            .map { "\(Int($0.rounded())) °C" }
            .bind(to: model, \.temperature)
            .disposed(by: disposeBag)
    }
}

// Step 2: an Rx chain fed by an @Observable model.

@MainActor @Observable
final class CitySearchModel {
    var query = ""
    var results: [String] = []
}

@MainActor
final class CitySearchScreen {
    let model = CitySearchModel()
    private let disposeBag = DisposeBag()

    func start(search: @escaping @Sendable (String) -> Observable<[String]>) {
        Observable.observe { [model] in model.query }
            .filter { !$0.isEmpty }
            .distinctUntilChanged()
            .flatMapLatest(search)
            .bind(to: model, \.results)
            .disposed(by: disposeBag)
    }
}

// Step 3: a custom actor as a scheduler.

actor QueryLog {
    private(set) var queries: [String] = []
    private let disposeBag = DisposeBag()

    func record(_ queries: Observable<String>) {
        queries
            .observe(on: self)
            .subscribe(onNext: { self.queries.append($0) })   // runs on the actor
            .disposed(by: disposeBag)
    }
}

// Testing on virtual time.

@MainActor
final class DebouncedSearchScreen {
    let model = CitySearchModel()
    private let disposeBag = DisposeBag()

    init(search: @escaping @Sendable (String) -> Observable<[String]>, scheduler: SchedulerType) {
        Observable.observe(scheduler: scheduler) { [model] in model.query }
            .debounce(.seconds(1), scheduler: scheduler)
            .filter { !$0.isEmpty }
            .flatMapLatest(search)
            .bind(to: model, \.results)
            .disposed(by: disposeBag)
    }
}

final class ObservationAndActorsTests: RxTestCase {
    @MainActor
    func testWeatherScreen() {
        let screen = WeatherScreen()
        screen.show(.of(21.4, 22.6))
        XCTAssertEqual(screen.model.temperature, "23 °C")
    }

    @MainActor
    func testSearchScreen() async {
        let screen = CitySearchScreen()
        screen.start(search: { query in .just(["\(query) 1", "\(query) 2"]) })
        screen.model.query = "rx"
        let found = await eventually { screen.model.results == ["rx 1", "rx 2"] }
        XCTAssertTrue(found)
    }

    func testQueryLog() async {
        let log = QueryLog()
        await log.record(.of("r", "rx"))
        let queries = await eventually(reading: { await log.queries }, until: { $0.count >= 2 })
        XCTAssertEqual(queries, ["r", "rx"])
    }

    @MainActor
    func testDebouncedSearchOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.01)   // a tick is 10 ms
        let screen = DebouncedSearchScreen(search: { query in .just([query.uppercased()]) }, scheduler: scheduler)
        let results = scheduler.createObserver([String].self)
        let reading = Observable.observe(scheduler: scheduler) { screen.model.results }.subscribe(results)

        scheduler.scheduleAt(100) { screen.model.query = "r" }
        scheduler.scheduleAt(150) { screen.model.query = "rx" }   // within a second: "r" is never searched
        scheduler.start()
        reading.dispose()

        XCTAssertEqual(results.events, [.next(0, []), .next(252, ["RX"])])
    }
}
