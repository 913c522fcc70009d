import Foundation
import RxRelay
import RxSwift
import TestSupport
import XCTest

/// Closures passed from main-actor code run on main (ClosureIsolationTests and IsolationCaseTests
/// feed them from other threads). Fed on the main thread, every operator family delivers as
/// before, synchronously.
@MainActor
final class OnMainClosuresScreen {
    var log: [String] = []
    let bag = DisposeBag()

    func runEveryFamily() {
        let scanned: Observable<Int> = Observable.of(1, 2, 3, 4)
            .map { $0 * 10 }
            .filter { $0 != 20 }
            .compactMap { $0 == 30 ? nil : $0 }
            .scan(0) { $0 + $1 }
        scanned
            .do(onNext: { value in self.log.append("do \(value)") }, onCompleted: { self.log.append("do completed") })
            .flatMap { Observable.just($0 + 1) }
            .distinctUntilChanged { $0 == $1 }
            .take(while: { $0 < 100 })
            .subscribe(
                onNext: { self.log.append("next \($0)") }, onCompleted: { self.log.append("completed") },
                onDisposed: { self.log.append("disposed") }
            )
            .disposed(by: bag)
        Observable.combineLatest(Observable.of(1), Observable.of(2)) { self.log.count > 0 ? $0 + $1 : 0 }
            .subscribe(onNext: { self.log.append("combined \($0)") })
            .disposed(by: bag)
        Single.just(5).map { $0 + 1 }.subscribe(onSuccess: { self.log.append("single \($0)") }).disposed(by: bag)
        Infallible.just(7).map { $0 + 1 }.subscribe(onNext: { self.log.append("infallible \($0)") }).disposed(by: bag)
        Observable<Int>.create { observer in
            observer.onNext(9)
            observer.onCompleted()
            return Disposables.create { self.log.append("resource released") }
        }
        .subscribe(onNext: { self.log.append("created \($0)") })
        .disposed(by: bag)
        let relay = PublishRelay<String>()
        relay.bind(onNext: { self.log.append("bound \($0)") }).disposed(by: bag)
        relay.accept("x")
    }
}

final class MainActorClosuresOnMainTests: TimeLimitedTestCase {
    func testEveryOperatorFamilyDeliversAsBeforeOnTheMainActor() async {
        let log = await MainActor.run {
            let screen = OnMainClosuresScreen()
            screen.runEveryFamily()
            return screen.log
        }
        XCTAssertEqual(
            log,
            [
                "do 10", "next 11", "do 50", "next 51", "do completed", "completed", "disposed",
                "combined 3", "single 6", "infallible 8", "created 9", "resource released", "bound x",
            ])
    }
}
