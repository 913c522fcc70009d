// swift-format-ignore-file
// (Laid out as the article shows it; SamplesAreCompiledTests compares the two.)
// The code of RxSwift.docc/WorkingWithTraits.md, compiled and run.

import Foundation
import RxCocoa
import RxRelay
import RxSwift
import TestSupport
import XCTest

struct Repository: Equatable, Sendable {
    let name: String
    let stars: Int
}

enum LookupError: Error { case notFound }

func fetchRepository(named name: String) -> Single<Repository> {
    Single.create { single in
        if name == "RxSwift" {
            single(.success(Repository(name: name, stars: 24_000)))
        } else {
            single(.failure(LookupError.notFound))
        }
        return Disposables.create()
    }
}

final class RepositoryCache: @unchecked Sendable {
    // @unchecked Sendable: `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: [String: Repository] = [:]

    func repository(named name: String) -> Maybe<Repository> {
        Maybe.create { maybe in
            if let found = self.lock.withLock({ self.stored[name] }) {
                maybe(.success(found))
            } else {
                maybe(.completed)
            }
            return Disposables.create()
        }
    }

    func save(_ repository: Repository) -> Completable {
        Completable.create { completable in
            self.lock.withLock { self.stored[repository.name] = repository }
            completable(.completed)
            return Disposables.create()
        }
    }
}

/// The search the Driver section calls.
func searchRepositories(_ text: String) -> Observable<[String]> {
    .just(["RxSwift", "RxCocoa", "OpenRx"].filter { $0.hasPrefix(text) })
}

@MainActor
final class TextControl: ReactiveCompatible {
    let edits = BehaviorSubject<String?>(value: "")
    let submits = PublishSubject<Void>()
}

extension Reactive where Base: TextControl {
    var text: ControlProperty<String?> {
        ControlProperty(
            values: base.edits,
            valueSink: Binder(base) { control, text in control.edits.onNext(text) })
    }

    var submit: ControlEvent<Void> { ControlEvent(events: base.submits) }
}

final class WorkingWithTraitsTests: ArticleTestCase {
    func testSingle() {
        fetchRepository(named: "RxSwift")
            .subscribe(
                onSuccess: { print("\($0.name): \($0.stars) stars") },
                onFailure: { print("failed:", $0) })
            .disposed(by: disposeBag)
        // RxSwift: 24000 stars

        XCTAssertEqual(takePrinted(), ["RxSwift: 24000 stars"])
    }

    func testMaybeAndCompletable() {
        let cache = RepositoryCache()
        cache.save(Repository(name: "RxSwift", stars: 24_000))
            .andThen(cache.repository(named: "RxSwift"))
            .subscribe(
                onSuccess: { print("cached:", $0.name) },
                onCompleted: { print("not cached") })
            .disposed(by: disposeBag)
        // cached: RxSwift

        cache.repository(named: "OpenRx")
            .subscribe(onSuccess: { print("cached:", $0.name) }, onCompleted: { print("not cached") })
            .disposed(by: disposeBag)
        XCTAssertEqual(takePrinted(), ["cached: RxSwift", "not cached"])
    }

    func testInfallible() {
        let stars: Infallible<Int> = fetchRepository(named: "OpenRx")
            .map(\.stars)
            .asObservable()
            .asInfallible(onErrorJustReturn: 0)
        stars.subscribe(onNext: { print("stars:", $0) }).disposed(by: disposeBag)
        // stars: 0

        XCTAssertEqual(takePrinted(), ["stars: 0"])
    }

    func testDriverSharesOneSearch() {
        var searches = 0
        func searchRepositories(_ text: String) -> Observable<[String]> {
            searches += 1
            return DocumentationExamplesTests.searchRepositories(text)
        }
        let query = BehaviorRelay(value: "Rx")
        let results: Driver<[String]> = query
            .flatMapLatest { text in
                searchRepositories(text)
            }
            .asDriver(onErrorJustReturn: [])

        results.map { "\($0.count) results" }
            .drive(onNext: { print($0) })
            .disposed(by: disposeBag)
        results
            .drive(onNext: { print($0.joined(separator: ", ")) })
            .disposed(by: disposeBag)
        // 2 results
        // RxSwift, RxCocoa

        XCTAssertEqual(takePrinted(), ["2 results", "RxSwift, RxCocoa"])
        XCTAssertEqual(searches, 1)
    }

    func testSignalDoesNotReplay() {
        let taps = PublishRelay<Void>()
        let tapCount = taps.asSignal()
            .scan(0) { count, _ in count + 1 }

        tapCount.emit(onNext: { print("tapped", $0) }).disposed(by: disposeBag)
        taps.accept(())
        taps.accept(())
        tapCount.emit(onNext: { print("late subscriber:", $0) }).disposed(by: disposeBag)
        // tapped 1
        // tapped 2

        XCTAssertEqual(takePrinted(), ["tapped 1", "tapped 2"])
    }

    @MainActor
    func testControlPropertyAndControlEvent() {
        let field = TextControl()
        let name = BehaviorRelay(value: "Ada")
        name.distinctUntilChanged().bind(to: field.rx.text).disposed(by: disposeBag)
        field.rx.text.orEmpty.distinctUntilChanged().bind(to: name).disposed(by: disposeBag)

        field.rx.submit
            .withLatestFrom(field.rx.text.orEmpty)
            .subscribe(onNext: { print("submitted", $0) })
            .disposed(by: disposeBag)

        field.edits.onNext("Grace")   // the user types
        field.submits.onNext(())      // and presses Enter
        print(name.value)
        // submitted Grace
        // Grace

        XCTAssertEqual(takePrinted(), ["submitted Grace", "Grace"])
        XCTAssertEqual(try field.edits.value(), "Grace")
    }
}
