// swift-format-ignore-file
// (Laid out as README.md shows it; SamplesAreCompiledTests compares the two.)
// The README's code samples, compiled and run. `SamplesAreCompiledTests` checks that every
// ```swift block of README.md appears here (or in the GTK demo) line for line, so the README
// cannot drift from code that builds. Around each sample: the stand-ins it names.

import Foundation
import RxBlocking
import RxCocoa
import RxRelay
import RxSwift
import RxTest
import TestSupport
import XCTest

let cities = ["Seoul", "Busan", "Sejong", "Seogwipo"]

// MARK: async/await

struct User: Sendable { let id: Int }

struct API {
    func user(id: Int) -> Single<User> { .just(User(id: id)) }
}

struct Cache {
    func lookup(_ key: String) -> Maybe<String> { key == "token" ? .just("t0k3n") : .empty() }
}

struct Client: Sendable {
    func fetchProfile() async throws -> String { "profile" }
    func search(_ text: String) async throws -> String { "found \(text)" }
}

func asyncAwait() async throws -> [String] {
    var shown: [String] = []
    func show(_ result: [String]) { shown += result }
    let searchResults = Observable.of(["Seoul"], ["Busan"])
    let api = API()
    let cache = Cache()
    let client = Client()
    let someAsyncSequence = AsyncStream<Int> { $0.yield(1); $0.finish() }
    let queries = Observable.just("rx")

    // Observable → async: iterate, or await the one value of a trait.
    for try await result in searchResults.values { show(result) }   // cancelling the task disposes
    let user = try await api.user(id: 7).value                        // Single<User>: runs on the caller's actor
    let cached = try await cache.lookup("token").value                // Maybe: nil when empty

    // async → Observable: disposing the subscription cancels the task.
    let profile = Single.create { try await client.fetchProfile() }
    let ticks = someAsyncSequence.asObservable()

    // async inside chains: each call in a task, cancelled when a newer query arrives.
    let found = queries.flatMapLatest { text in try await client.search(text) }

    let fetched = try await profile.value
    let counted = try await ticks.toArray().value
    let searched = try await found.asSingle().value
    return shown + ["user \(user.id)", "cached \(cached ?? "-")", fetched, "ticks \(counted)", searched]
}

// MARK: RxCocoa on Linux

/// A text field with RxCocoa-style `rx.text`, standing in for a toolkit's.
final class SearchField: ReactiveCompatible {
    let edits = BehaviorSubject<String?>(value: "")
    func type(_ text: String) { edits.onNext(text) }
}

extension Reactive where Base: SearchField {
    var text: ControlProperty<String?> {
        ControlProperty(values: base.edits, valueSink: Binder(base) { field, text in field.edits.onNext(text) })
    }
}

/// A label with RxCocoa-style `rx.text`.
final class TextLabel: ReactiveCompatible {
    var text: String?
}

extension Reactive where Base: TextLabel {
    var text: Binder<String?> { Binder(base) { label, text in label.text = text } }
}

final class SearchScreen {
    let query = SearchField()
    let resultCount = TextLabel()
    let disposeBag = DisposeBag()
    var shown: [[String]] = []

    func show(_ items: [String]) { shown.append(items) }

    func fetchAutoCompleteItems(_ text: String) -> Observable<[String]> {
        .just(cities.filter { $0.hasPrefix(text) })
    }

    func bind() {
        let results = query.rx.text.orEmpty.asDriver()
            .throttle(.milliseconds(300), scheduler: MainScheduler.instance)
            .flatMapLatest { [unowned self] text in   // the bag is self's: no cycle
                self.fetchAutoCompleteItems(text).asDriver(onErrorJustReturn: [])
            }

        results.map { "\($0.count)" }
            .drive(resultCount.rx.text)          // a Binder: applied on the main thread
            .disposed(by: disposeBag)
        results
            .drive(with: self, onNext: { screen, items in screen.show(items) })   // on main; self held weakly
            .disposed(by: disposeBag)
    }
}

final class ReadmeExamplesTests: RxTestCase {
    func testQuickStartPrintsTheResults() throws {
        let program = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ReadmeQuickStart")
        let process = Process()
        process.executableURL = program
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(printed, "[\"Seoul\", \"Seogwipo\"]\n")
    }

    func testTestingOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.map { $0 * 10 } }
        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testTestingWithMarbles() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("--a--b--|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.map { $0 * 10 } }
        XCTAssertEqual(res.events, marbles: "--x--y--|", values: ["x": 10, "y": 20])
        XCTAssertEqual(xs.subscriptions, marbles: "^-------!")
    }

    func testAsyncAwait() async throws {
        let outcome = try await asyncAwait()
        XCTAssertEqual(outcome, ["Seoul", "Busan", "user 7", "cached t0k3n", "profile", "ticks [1]", "found rx"])
    }

    func testRxBlocking() throws {
        let source = Observable.of(1, 2, 3)
        XCTAssertEqual(try source.toBlocking(timeout: 1).toArray(), [1, 2, 3])
    }

    func testRxCocoaScreen() {
        let screen = SearchScreen()
        screen.bind()
        XCTAssertEqual(screen.resultCount.text, "4")
        XCTAssertEqual(screen.shown, [cities])
    }
}
