// Closures written in main-actor code, run by OpenRx, in the settings of a new Xcode 26 project
// (default main-actor isolation, NonisolatedNonsendingByDefault, InferIsolatedConformances) and the
// Swift 6 language mode. `IsolationCaseTests` runs this program once per scenario: every scenario
// must run to its end and exit 0, each closure of the main actor having run on main (counted by
// `checkOnMain`), and each `@Sendable` closure or nonisolated function where its events arrived.

import Foundation
import RxCocoa
@_spi(OpenRx) import RxSwift
import Synchronization

/// Closures of the main actor that ran off main: must stay zero.
nonisolated let offMainCalls = Atomic<Int>(0)
/// Calls of `expensive` that ran off main.
nonisolated let expensiveOffMain = Atomic<Int>(0)

nonisolated func checkOnMain() {
    if !MainScheduler.isOnMain { offMainCalls.add(1, ordering: .relaxed) }
}

/// A nonisolated function: runs where the events arrive.
nonisolated func expensive(_ value: Int) -> Int {
    if !MainScheduler.isOnMain { expensiveOffMain.add(1, ordering: .relaxed) }
    return value * 2
}

struct Failure: Error {}

/// A screen as a new Xcode 26 project writes it: main-actor isolated without saying so.
final class Screen {
    var counter = 0
    var attempts = 0
    let bag = DisposeBag()
    let background = SerialDispatchQueueScheduler(qos: .default)

    func mapAfterObserveOn() {
        Observable.of(1, 2).observe(on: background)
            .map { value -> Int in
                checkOnMain()
                self.counter += 1
                return value
            }
            .subscribe(
                onNext: { _ in
                    checkOnMain()
                    self.counter += 1
                }, onCompleted: { finish(self.counter == 4) }
            )
            .disposed(by: bag)
    }

    func createSubscribedOnBackground() {
        Observable<Int>.create { observer in
            checkOnMain()
            self.counter += 1
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        .subscribe(on: background)
        .subscribe(onCompleted: { finish(self.counter == 1) })
        .disposed(by: bag)
    }

    func subjectFedFromBackground() {
        let subject = PublishSubject<Int>()
        subject.subscribe(
            onNext: { _ in
                checkOnMain()
                self.counter += 1
            }, onCompleted: { finish(self.counter == 2) }
        )
        .disposed(by: bag)
        DispatchQueue.global().async {
            subject.onNext(1)
            subject.onNext(2)
            subject.onCompleted()
        }
    }

    /// The timeout disposes its source, and so the resource, on the background scheduler.
    func disposeActionOnBackground() {
        Screen.never(
            disposing: Disposables.create {
                checkOnMain()
                finish(true)
            }
        )
        .timeout(.milliseconds(10), other: Observable.empty(), scheduler: background)
        .subscribe()
        .disposed(by: bag)
    }

    /// The seeds' request, written in main-actor code: its completion handler answers on a
    /// background queue, which disposes the request (`work.cancel()`) there.
    func getRepo(_ name: String) -> Single<[String: String]> {
        Single.create { single in
            let work = DispatchWorkItem { single(.success(["full_name": "rx/\(name)"])) }
            DispatchQueue.global().async(execute: work)
            return Disposables.create {
                checkOnMain()
                work.cancel()
            }
        }
    }

    /// The seeds' search screen: a Driver, flatMapLatest, a Single answering on a background
    /// queue, a `map`, and `asDriver(onErrorJustReturn:)`.
    func searchScreen() {
        let query = BehaviorRelay(value: "swift")
        query.asDriver()
            .flatMapLatest { text in
                self.getRepo(text)
                    .map { repo -> [String] in
                        checkOnMain()
                        return [repo["full_name"] ?? ""]
                    }
                    .asDriver(onErrorJustReturn: [])
            }
            .drive(onNext: { names in
                checkOnMain()
                if names == ["rx/swift"] { finish(true) }
            })
            .disposed(by: bag)
    }

    func doAfterObserveOn() {
        Observable.of(1).observe(on: background)
            .do(onNext: { _ in
                checkOnMain()
                self.counter += 1
            })
            .subscribe(onCompleted: { finish(self.counter == 1) })
            .disposed(by: bag)
    }

    func singleAfterObserveOn() {
        Single.just(1).observe(on: background)
            .subscribe(onSuccess: { _ in
                checkOnMain()
                finish(true)
            })
            .disposed(by: bag)
    }

    func combineLatestSelectorAfterObserveOn() {
        Observable.combineLatest(Observable.of(1), Observable.of(2).observe(on: background)) { first, second in
            checkOnMain()
            self.counter += 1
            return first + second
        }
        .subscribe(onNext: { finish($0 == 3 && self.counter == 1) })
        .disposed(by: bag)
    }

    func infallibleMapAfterObserveOn() {
        Infallible.just(1).observe(on: background)
            .map { value -> Int in
                checkOnMain()
                self.counter += 1
                return value
            }
            .subscribe(onCompleted: { finish(self.counter == 1) })
            .disposed(by: bag)
    }

    /// Pure `scan`, `reduce` and `catch` after a background source.
    func scanReduceCatchAfterBackgroundSource() {
        Observable.of(1, 2, 3).observe(on: background)
            .scan(0) { total, value in
                checkOnMain()
                return total + value
            }
            .concat(Observable.error(Failure()))
            .catch { _ in
                checkOnMain()
                return .just(100)
            }
            .reduce(0) { total, value in
                checkOnMain()
                return total + value
            }
            .subscribe(onNext: { finish($0 == 1 + 3 + 6 + 100) })
            .disposed(by: bag)
    }

    /// `retry(when:)` re-subscribing a `deferred` that fails on a background thread.
    func retryWhenDeferredFailingOnBackground() {
        Observable<Int>.deferred {
            checkOnMain()
            self.attempts += 1
            if self.attempts < 3 { return Observable.error(Failure()).subscribe(on: self.background) }
            return .just(self.attempts)
        }
        .retry(when: { errors in errors.map { _ in () } })
        .subscribe(onNext: { finish($0 == 3) })
        .disposed(by: bag)
    }

    /// Heavy work off main: a `@Sendable` closure and a nonisolated function run where the
    /// events arrive, off main.
    func sendableAndFunctionRunOffMain() {
        Observable.of(1, 2, 3).observe(on: background)
            .map { @Sendable value in expensive(value) }
            .map(expensive)
            .toArray()
            .observe(on: MainScheduler.instance)
            .subscribe(onSuccess: { finish($0 == [4, 8, 12] && expensiveOffMain.load(ordering: .relaxed) == 6) })
            .disposed(by: bag)
    }

    /// A generic helper of the main actor calling `map`.
    func doubled<T: Numeric>(_ source: Observable<T>) -> Observable<T> {
        source.map { value in
            checkOnMain()
            self.counter += 1
            return value * 2
        }
    }

    func genericHelper() {
        doubled(Observable.of(1, 2).observe(on: background))
            .toArray()
            .subscribe(onSuccess: { finish($0 == [2, 4] && self.counter == 2) })
            .disposed(by: bag)
    }

    /// Allowed: the closures run after `observe(on: MainScheduler.instance)`.
    func deliveredOnMain() {
        Observable.of(1, 2, 3).subscribe(on: background).observe(on: MainScheduler.instance)
            .map { value -> Int in
                checkOnMain()
                self.counter += value
                return value
            }
            .subscribe(onCompleted: { finish(self.counter == 6) })
            .disposed(by: bag)
    }

    /// The background part of the chain built in nonisolated code.
    func nonisolatedPart() {
        Screen.doubled(Observable.of(1, 2, 3).observe(on: background))
            .toArray()
            .observe(on: MainScheduler.instance)
            .subscribe(onSuccess: { finish($0 == [2, 4, 6]) })
            .disposed(by: bag)
    }

    func requestFromNonisolatedService() {
        Service.request()
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { self.counter += $0 }, onCompleted: { finish(self.counter == 1) })
            .disposed(by: bag)
    }

    nonisolated static func doubled(_ source: Observable<Int>) -> Observable<Int> {
        source.map { $0 * 2 }
    }

    nonisolated static func never(disposing resource: Disposable) -> Observable<Int> {
        Observable.create { _ in resource }
    }
}

/// A service as an RxSwift-era app writes it, declared nonisolated in an Xcode 26 project.
nonisolated enum Service {
    static func request() -> Observable<Int> {
        Observable.create { observer in
            DispatchQueue.global().async {
                observer.onNext(1)
                observer.onCompleted()
            }
            return Disposables.create()
        }
    }
}

/// A closure isolated to an actor of the program's own runs on that actor.
actor Store {
    var total = 0
    let bag = DisposeBag()

    func mapAfterObserveOn() {
        Observable.of(1, 2).observe(on: SerialDispatchQueueScheduler(qos: .default))
            .map { value -> Int in
                self.preconditionIsolated()
                self.total += value
                return value
            }
            .subscribe(onCompleted: {
                self.preconditionIsolated()
                finish(self.total == 3)
            })
            .disposed(by: bag)
    }
}

nonisolated func finish(_ passed: Bool) -> Never {
    let off = offMainCalls.load(ordering: .relaxed)
    print(passed && off == 0 ? "finished" : "wrong result (passed: \(passed), off main: \(off))")
    exit(passed && off == 0 ? 0 : 1)
}

let screen = Screen()
let scenarios: [String: () -> Void] = [
    "mapAfterObserveOn": screen.mapAfterObserveOn,
    "createSubscribedOnBackground": screen.createSubscribedOnBackground,
    "subjectFedFromBackground": screen.subjectFedFromBackground,
    "disposeActionOnBackground": screen.disposeActionOnBackground,
    "searchScreen": screen.searchScreen,
    "doAfterObserveOn": screen.doAfterObserveOn,
    "singleAfterObserveOn": screen.singleAfterObserveOn,
    "combineLatestSelectorAfterObserveOn": screen.combineLatestSelectorAfterObserveOn,
    "infallibleMapAfterObserveOn": screen.infallibleMapAfterObserveOn,
    "scanReduceCatchAfterBackgroundSource": screen.scanReduceCatchAfterBackgroundSource,
    "retryWhenDeferredFailingOnBackground": screen.retryWhenDeferredFailingOnBackground,
    "sendableAndFunctionRunOffMain": screen.sendableAndFunctionRunOffMain,
    "genericHelper": screen.genericHelper,
    "deliveredOnMain": screen.deliveredOnMain,
    "nonisolatedPart": screen.nonisolatedPart,
    "requestFromNonisolatedService": screen.requestFromNonisolatedService,
    "actorMapAfterObserveOn": { Task { await Store().mapAfterObserveOn() } },
]
guard let name = CommandLine.arguments.dropFirst().first, let scenario = scenarios[name] else {
    print("usage: IsolationCases <scenario>; scenarios: \(scenarios.keys.sorted().joined(separator: ", "))")
    exit(2)
}
scenario()
// A scenario that never finishes fails after a bounded wait (its events never arrived).
DispatchQueue.main.asyncAfter(deadline: .now() + 20) { finish(false) }
dispatchMain()
