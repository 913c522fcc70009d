import Foundation
import RxSwift
import TestSupport
import XCTest

/// The Single / Maybe / Completable scenarios of the study notes (../shared/seeds), as written
/// there (typos fixed), with local stand-ins for storage.
final class SeedTraitsScenarioTests: RxTestCase {
    enum CacheError: Error { case failedCaching }

    func cacheLocally(success: Bool) -> Completable {
        Completable.create { completable in
            // Store some data locally
            guard success else {
                completable(.error(CacheError.failedCaching))
                return Disposables.create {}
            }
            completable(.completed)
            return Disposables.create {}
        }
    }

    func generateString(_ outcome: Int) -> Maybe<String> {
        Maybe<String>.create { maybe in
            switch outcome {
            case 0: maybe(.success("RxSwift"))
            case 1: maybe(.completed)
            default: maybe(.error(testError))
            }
            // A Maybe never emits after its first event.
            maybe(.success("ignored"))
            maybe(.completed)
            return Disposables.create {}
        }
    }

    func testSingleSubscribeWithAResultSwitch() {
        var printed: [String] = []
        let disposeBag = DisposeBag()
        for single in [Single.just(["full_name": "ReactiveX/RxSwift"]), Single<[String: String]>.error(testError)] {
            single
                .subscribe { event in
                    switch event {
                    case .success(let json):
                        printed.append("JSON: \(json["full_name"] ?? "")")
                    case .failure(let error):
                        printed.append("Error: \(error)")
                    }
                }
                .disposed(by: disposeBag)
        }
        XCTAssertEqual(printed, ["JSON: ReactiveX/RxSwift", "Error: test"])
    }

    func testAsSingleOnThreeElementsFailsWithMoreThanOneElement() {
        let observable = Observable.of("A", "B", "C")
        let single = observable.asSingle()
        var printed: [String] = []
        _ = single.subscribe(
            onSuccess: { value in
                printed.append("Value: \(value)")
            },
            onFailure: { error in
                printed.append("Error: \(error)")
            })
        XCTAssertEqual(printed, ["Error: \(RxError.moreThanOneElement)"])
        var empty: Error?
        _ = Observable<Int>.empty().asSingle().subscribe(onFailure: { empty = $0 })
        XCTAssertEqual("\(empty!)", "\(RxError.noElements)")
    }

    func testCompletableSubscribeWithAnEventSwitch() {
        var printed: [String] = []
        let disposeBag = DisposeBag()
        for success in [true, false] {
            cacheLocally(success: success)
                .subscribe { completable in
                    switch completable {
                    case .completed:
                        printed.append("Completed with no error")
                    case .error(let error):
                        printed.append("Completed with an error: \(error)")
                    }
                }
                .disposed(by: disposeBag)
        }
        XCTAssertEqual(printed, ["Completed with no error", "Completed with an error: failedCaching"])
    }

    func testMaybeSubscribeWithAnEventSwitchAndClosures() {
        var printed: [String] = []
        let disposeBag = DisposeBag()
        for outcome in 0...2 {
            generateString(outcome)
                .subscribe { maybe in
                    switch maybe {
                    case .success(let element):
                        printed.append("Completed with element \(element)")
                    case .completed:
                        printed.append("Completed with no element")
                    case .error(let error):
                        printed.append("Completed with an error \(error)")
                    }
                }
                .disposed(by: disposeBag)
        }
        for outcome in 0...2 {
            generateString(outcome)
                .subscribe(
                    onSuccess: { element in
                        printed.append("onSuccess \(element)")
                    },
                    onError: { error in
                        printed.append("onError \(error)")
                    },
                    onCompleted: {
                        printed.append("onCompleted")
                    }
                )
                .disposed(by: disposeBag)
        }
        XCTAssertEqual(
            printed,
            [
                "Completed with element RxSwift", "Completed with no element", "Completed with an error test",
                "onSuccess RxSwift", "onCompleted", "onError test",
            ])
    }

    func testAsMaybeAndBackToObservable() {
        var events: [String] = []
        _ = Observable.just(1).asMaybe().asObservable().subscribe(
            onNext: { events.append("next \($0)") }, onCompleted: { events.append("completed") })
        _ = Observable<Int>.empty().asMaybe().subscribe(
            onSuccess: { _ in events.append("unexpected") }, onCompleted: { events.append("empty") })
        XCTAssertEqual(events, ["next 1", "completed", "empty"])
    }
}
