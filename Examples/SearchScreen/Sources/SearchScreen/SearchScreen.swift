import RxCocoa
import RxRelay
import RxSwift

/// Why a search failed.
public enum SearchFailure: Error, Equatable {
    case unavailable
}

/// Finds the places whose names start with a query, after its clock's 200 ms (production code
/// passes `ContinuousClock()`, tests a `TestScheduler`'s `asyncClock`).
public final class SearchService: Sendable {
    private let clock: any Clock<Duration>
    private let places: [String]

    public init(clock: any Clock<Duration>, places: [String] = ["Seoul", "Sejong", "Suwon", "Busan"]) {
        self.clock = clock
        self.places = places
    }

    public func search(_ query: String) async throws -> [String] {
        try await clock.sleep(for: .milliseconds(200))
        if query == "fail" { throw SearchFailure.unavailable }
        return query.isEmpty ? [] : places.filter { $0.hasPrefix(query) }
    }
}

/// The search screen's view model, main-actor isolated as the screen is: what the user types
/// (`query`) is searched 300 ms after they stop typing, repeats skipped, the previous search
/// cancelled when a new one starts; a failed search shows no results.
@MainActor
public final class SearchViewModel {
    public let query = BehaviorRelay<String>(value: "")
    public let results: Driver<[String]>

    public init(service: SearchService, scheduler: SchedulerType) {
        results = query.asObservable()
            .debounce(.milliseconds(300), scheduler: scheduler)
            .distinctUntilChanged()
            .flatMapLatest { text in try await service.search(text) }
            .asDriver(onErrorJustReturn: [])
    }
}
