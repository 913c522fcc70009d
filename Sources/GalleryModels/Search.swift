// swift-format-ignore-file
// (Laid out as README.md shows it; SamplesAreCompiledTests compares the two.)
import RxCocoa
import RxRelay
import RxSwift

/// Search as you type: the study notes' search screen. Results for the query as it is typed
/// (throttled; a newer query cancels the request of an older one), by prefix or by substring, and
/// a button whose taps are counted.
public struct SearchViewModel {
    /// How the query matches.
    public enum Match: Int, Sendable {
        /// Names starting with the query.
        case prefix
        /// Names containing the query.
        case contains
    }

    /// The results of the latest query (empty when its request failed).
    public let results: Driver<[String]>
    /// "3 results".
    public let resultCount: Driver<String>
    /// "2 taps".
    public let tapCount: Signal<String>
    /// A message for each request that failed (its query's results are then empty).
    public let failures: Signal<String>

    /// A view model over the query's text, the match mode and the button's taps; `fetch` asks
    /// the service, `scheduler` times the throttling.
    public init(
        query: Observable<String>, match: Observable<Match>, taps: Signal<Void>, scheduler: SchedulerType,
        fetch: @escaping (String, Match) -> Observable<[String]>
    ) {
        // Each failed request is also reported, as a message, before its results become empty.
        let failed = PublishRelay<String>()
        let fetch = { (query: String, match: Match) in
            fetch(query, match).do(onError: { _ in failed.accept("Could not search for “\(query)”: the service did not answer") })
        }
        failures = failed.asSignal()
        results = Observable.combineLatest(
                query.throttle(.milliseconds(300), scheduler: scheduler),
                match)
            .distinctUntilChanged { $0 == $1 }
            .flatMapLatest { query, match in
                fetch(query, match).catchAndReturn([])
            }
            .asDriver(onErrorJustReturn: [])
        resultCount = results.map { "\($0.count) results" }
        tapCount = taps.scan(0) { count, _ in count + 1 }
            .map { "\($0) taps" }
    }
}
