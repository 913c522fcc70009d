// swift-format-ignore-file
// (Laid out as the article shows it; SamplesAreCompiledTests compares the two.)
// The code of RxSwift.docc/GettingStarted.md, compiled and run.

import Foundation
import RxRelay
import RxSwift
import RxTest
import TestSupport
import XCTest

func searchResults(
    for query: Observable<String>,
    scheduler: SchedulerType,
    search: @escaping (String) -> Observable<[String]>
) -> Observable<[String]> {
    query
        .map { $0.trimmingCharacters(in: .whitespaces) }
        .distinctUntilChanged()
        .debounce(.milliseconds(300), scheduler: scheduler)
        .flatMapLatest { text in
            text.isEmpty ? .just([]) : search(text).catchAndReturn([])
        }
}

final class GettingStartedTests: ArticleTestCase {
    func testAFirstSequence() {
        let disposeBag = DisposeBag()

        Observable.of(1, 2, 3, 4)
            .filter { $0.isMultiple(of: 2) }
            .map { $0 * 10 }
            .subscribe(
                onNext: { print("next", $0) },
                onCompleted: { print("completed") })
            .disposed(by: disposeBag)
        // next 20
        // next 40
        // completed

        XCTAssertEqual(takePrinted(), ["next 20", "next 40", "completed"])
    }

    func testARelayHoldsState() {
        let disposeBag = DisposeBag()
        let name = BehaviorRelay(value: "")
        let greeting = name
            .map { $0.isEmpty ? "Who are you?" : "Hello, \($0)!" }

        greeting.subscribe(onNext: { print($0) }).disposed(by: disposeBag)
        name.accept("Ada")
        // Who are you?
        // Hello, Ada!

        XCTAssertEqual(takePrinted(), ["Who are you?", "Hello, Ada!"])
    }

    func testSearchAsYouTypeOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)  // 1 tick = 1 ms
        let typing = scheduler.createHotObservable(
            "-ab-----c|", values: ["a": "S", "b": "Se", "c": "Seo"], frame: 100)
        let results = scheduler.start(disposed: 2000) {
            searchResults(for: typing.asObservable(), scheduler: scheduler) { text in
                .just(["Seoul", "Sejong", "Busan"].filter { $0.hasPrefix(text) })
            }
        }
        XCTAssertEqual(results.events, [
            .next(700, ["Seoul", "Sejong"]),
            .next(1100, ["Seoul"]),
            .completed(1100),
        ])
    }
}
