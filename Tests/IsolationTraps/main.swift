// Closures written in main-actor code, run by OpenRx, in the settings of a new Xcode 26 project
// (default main-actor isolation, NonisolatedNonsendingByDefault, InferIsolatedConformances) and the
// Swift 6 language mode. `IsolationTrapTests` runs this program once per scenario: the scenarios
// whose closures would run off the main thread must stop it with OpenRx's message; the others must
// run to the end and exit 0.

import Foundation
import RxSwift

/// A screen as a new Xcode 26 project writes it: main-actor isolated without saying so.
final class Screen {
    var counter = 0
    let bag = DisposeBag()
    let background = SerialDispatchQueueScheduler(qos: .default)

    /// The example: `map` and `subscribe` after `observe(on:)` a background scheduler.
    func mapAfterObserveOn() {
        Observable.of(1, 2).observe(on: background)
            .map { value -> Int in
                self.counter += 1
                return value
            }
            .subscribe(onNext: { _ in self.counter += 1 })
            .disposed(by: bag)
    }

    func subscribeAfterObserveOn() {
        Observable.of(1, 2).observe(on: background)
            .subscribe(onNext: { _ in self.counter += 1 })
            .disposed(by: bag)
    }

    func createSubscribedOnBackground() {
        Observable<Int>.create { observer in
            self.counter += 1
            observer.onCompleted()
            return Disposables.create()
        }
        .subscribe(on: background)
        .subscribe()
        .disposed(by: bag)
    }

    func subjectFedFromBackground() {
        let subject = PublishSubject<Int>()
        subject.subscribe(onNext: { _ in self.counter += 1 }).disposed(by: bag)
        DispatchQueue.global().async { subject.onNext(1) }
    }

    /// The timeout disposes its source, and so the resource, on the background scheduler.
    func disposeActionOnBackground() {
        Screen.never(disposing: Disposables.create { self.counter += 1 })
            .timeout(.milliseconds(10), other: Observable.empty(), scheduler: background)
            .subscribe()
            .disposed(by: bag)
    }

    /// `subscribe(on:)` disposes its subscription, and so the resource, on its scheduler.
    func disposeActionDisposedBySubscribeOn() {
        let subscribed = DispatchSemaphore(value: 0)
        let subscription = Screen.never(disposing: Disposables.create { self.counter += 1 }, signalling: subscribed)
            .subscribe(on: background)
            .subscribe()
        subscribed.wait()
        subscription.dispose()
    }

    /// A request written in main-actor code: its completion handler completes the sequence on a
    /// background queue, which disposes the request's resource there. The handler waits until the
    /// subscription is made (a sequence that ended before would dispose it on the main thread).
    func requestCompletingOnBackground() {
        let subscribed = DispatchSemaphore(value: 0)
        Observable<Int>.create { observer in
            DispatchQueue.global().async {
                subscribed.wait()
                observer.onNext(1)
                observer.onCompleted()
            }
            return Disposables.create { self.counter += 1 }
        }
        .observe(on: MainScheduler.instance)
        .subscribe()
        .disposed(by: bag)
        subscribed.signal()
    }

    /// Allowed: the same request built by a nonisolated service, delivered on the main thread.
    func requestFromNonisolatedService() {
        Service.request()
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { self.counter += $0 }, onCompleted: { finish(self.counter == 1) })
            .disposed(by: bag)
    }

    func doAfterObserveOn() {
        Observable.of(1).observe(on: background)
            .do(onNext: { _ in self.counter += 1 })
            .subscribe()
            .disposed(by: bag)
    }

    func singleAfterObserveOn() {
        Single.just(1).observe(on: background)
            .subscribe(onSuccess: { _ in self.counter += 1 })
            .disposed(by: bag)
    }

    func combineLatestSelectorAfterObserveOn() {
        Observable.combineLatest(Observable.of(1), Observable.of(2).observe(on: background)) { first, second in
            self.counter += 1
            return first + second
        }
        .subscribe()
        .disposed(by: bag)
    }

    func infallibleMapAfterObserveOn() {
        Infallible.just(1).observe(on: background)
            .map { value -> Int in
                self.counter += 1
                return value
            }
            .subscribe()
            .disposed(by: bag)
    }

    /// Allowed: the closures run after `observe(on: MainScheduler.instance)`.
    func deliveredOnMain() {
        Observable.of(1, 2, 3).subscribe(on: background).observe(on: MainScheduler.instance)
            .map { value -> Int in
                self.counter += value
                return value
            }
            .subscribe(onCompleted: { finish(self.counter == 6) })
            .disposed(by: bag)
    }

    /// Allowed: a closure that touches no main-actor state, passed with `isolation: nil`.
    func sendableClosureOptedOut() {
        Observable.of(1, 2, 3).observe(on: background)
            .map({ @Sendable value in value * 2 }, isolation: nil)
            .toArray()
            .observe(on: MainScheduler.instance)
            .subscribe(onSuccess: { finish($0 == [2, 4, 6]) })
            .disposed(by: bag)
    }

    /// Allowed: the background part of the chain built in nonisolated code.
    func nonisolatedPart() {
        Screen.doubled(Observable.of(1, 2, 3).observe(on: background))
            .toArray()
            .observe(on: MainScheduler.instance)
            .subscribe(onSuccess: { finish($0 == [2, 4, 6]) })
            .disposed(by: bag)
    }

    nonisolated static func doubled(_ source: Observable<Int>) -> Observable<Int> {
        source.map { $0 * 2 }
    }

    nonisolated static func never(
        disposing resource: Disposable, signalling subscribed: DispatchSemaphore? = nil
    )
        -> Observable<Int>
    {
        Observable.create { _ in
            subscribed?.signal()
            return resource
        }
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
            return Disposables.create { print("request released") }
        }
    }
}

/// A closure isolated to an actor of the program's own.
actor Store {
    var total = 0
    let bag = DisposeBag()

    func mapAfterObserveOn() {
        Observable.of(1).observe(on: SerialDispatchQueueScheduler(qos: .default))
            .map { value -> Int in
                self.total += value
                return value
            }
            .subscribe()
            .disposed(by: bag)
    }
}

nonisolated func finish(_ passed: Bool) -> Never {
    print(passed ? "finished" : "wrong result")
    exit(passed ? 0 : 1)
}

let screen = Screen()
let scenarios: [String: () -> Void] = [
    "mapAfterObserveOn": screen.mapAfterObserveOn,
    "subscribeAfterObserveOn": screen.subscribeAfterObserveOn,
    "createSubscribedOnBackground": screen.createSubscribedOnBackground,
    "subjectFedFromBackground": screen.subjectFedFromBackground,
    "disposeActionOnBackground": screen.disposeActionOnBackground,
    "disposeActionDisposedBySubscribeOn": screen.disposeActionDisposedBySubscribeOn,
    "doAfterObserveOn": screen.doAfterObserveOn,
    "singleAfterObserveOn": screen.singleAfterObserveOn,
    "combineLatestSelectorAfterObserveOn": screen.combineLatestSelectorAfterObserveOn,
    "infallibleMapAfterObserveOn": screen.infallibleMapAfterObserveOn,
    "requestCompletingOnBackground": screen.requestCompletingOnBackground,
    "requestFromNonisolatedService": screen.requestFromNonisolatedService,
    "deliveredOnMain": screen.deliveredOnMain,
    "sendableClosureOptedOut": screen.sendableClosureOptedOut,
    "nonisolatedPart": screen.nonisolatedPart,
    "actorMapAfterObserveOn": { Task { await Store().mapAfterObserveOn() } },
]
guard let name = CommandLine.arguments.dropFirst().first, let scenario = scenarios[name] else {
    print("usage: IsolationTraps <scenario>; scenarios: \(scenarios.keys.sorted().joined(separator: ", "))")
    exit(2)
}
scenario()
// The trapping scenarios stop the program on a background thread; give them a moment.
DispatchQueue.main.asyncAfter(deadline: .now() + 5) { finish(false) }
dispatchMain()
