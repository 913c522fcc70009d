// The OpenRx demo: the scenarios of RxSwift/RxCocoa study notes, run in the terminal.
import Dispatch
import Foundation
import RxSwift

// The scenarios run on background threads while the main thread waits for each, so the demo's
// code is nonisolated: a closure written in top-level code belongs to the main actor, and OpenRx
// stops the program when such a closure is called off the main thread (as RxSwift does in Swift 6).
nonisolated func runDemo() {
    let bag = DisposeBag()

    /// Waits (without sleeping blindly) until `done` is signalled, at most 10 seconds.
    func wait(_ done: DispatchSemaphore) {
        if done.wait(timeout: .now() + 10) == .timedOut { log("timed out") }
    }

    enum DemoError: Error { case notFound }

    let cities = ["Seoul", "Busan", "Incheon", "Daegu", "Daejeon", "Gwangju", "Suwon", "Sejong", "Seogwipo"]

    /// A stand-in for a network search: answers after 80 ms on a background queue.
    func search(_ query: String) -> Single<[String]> {
        Single.create { single in
            let work = DispatchWorkItem {
                single(.success(cities.filter { $0.lowercased().hasPrefix(query.lowercased()) }))
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(80), execute: work)
            return Disposables.create { work.cancel() }
        }
    }

    // 1. Search as you type: throttle the keystrokes, drop repeats, keep only the latest request.
    print("== 1. search as you type: throttle + distinctUntilChanged + flatMapLatest ==")
    do {
        let typing = SerialDispatchQueueScheduler(internalSerialQueueName: "demo.typing")
        let searchText = PublishSubject<String>() // stands in for searchBar.rx.text.orEmpty
        let done = DispatchSemaphore(value: 0)
        searchText
            .throttle(.milliseconds(300), scheduler: typing)
            .distinctUntilChanged()
            .do(onNext: { log("query  \"\($0)\"") })
            .flatMapLatest { query in search(query).asObservable().catchAndReturn([]) }
            .subscribe(
                onNext: { log("results \($0)") },
                onCompleted: {
                    log("completed"); done.signal()
                }
            )
            .disposed(by: bag)
        let keystrokes = ["S", "Se", "Seo", "Seou", "Seoul", "Seoul", "B", "Bu"]
        for (index, text) in keystrokes.enumerated() {
            _ = typing.scheduleRelative((), dueTime: .milliseconds(120 * index)) { _ in
                log("typed  \"\(text)\"")
                searchText.onNext(text)
                return Disposables.create()
            }
        }
        _ = typing.scheduleRelative((), dueTime: .milliseconds(120 * keystrokes.count + 400)) { _ in
            searchText.onCompleted()
            return Disposables.create()
        }
        wait(done)
    }

    // 2. Single: one response or one error.
    print("\n== 2. Single: a request with exactly one result ==")
    do {
        let done = DispatchSemaphore(value: 0)
        func currentWeather(city: String) -> Single<String> {
            Single.create { single in
                DispatchQueue.global().async {
                    if city == "Seoul" {
                        single(.success("Seoul: 3°C, clear"))
                    } else {
                        single(.failure(DemoError.notFound))
                    }
                }
                return Disposables.create()
            }
        }
        currentWeather(city: "Seoul")
            .subscribe(
                onSuccess: { log("success: \($0)") }, onFailure: { log("failure: \($0)") },
                onDisposed: { done.signal() }
            )
            .disposed(by: bag)
        wait(done)
        currentWeather(city: "Atlantis")
            .subscribe(
                onSuccess: { log("success: \($0)") }, onFailure: { log("failure: \($0)") },
                onDisposed: { done.signal() }
            )
            .disposed(by: bag)
        wait(done)
        Observable.of(1, 2).asSingle()
            .subscribe(onSuccess: { log("asSingle: \($0)") }, onFailure: { log("asSingle on two elements: \($0)") })
            .disposed(by: bag)
    }

    // 3. Completable: success or failure, no value.
    print("\n== 3. Completable: save without a result ==")
    do {
        let done = DispatchSemaphore(value: 0)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("openrx-demo.txt")
        func save(_ text: String) -> Completable {
            Completable.create { completable in
                do {
                    try text.write(to: file, atomically: true, encoding: .utf8)
                    completable(.completed)
                } catch {
                    completable(.error(error))
                }
                return Disposables.create()
            }
        }
        save("hello")
            .subscribe(
                onCompleted: { log("saved to \(file.lastPathComponent)") }, onError: { log("save failed: \($0)") },
                onDisposed: { done.signal() }
            )
            .disposed(by: bag)
        wait(done)
    }

    // 4. Maybe: a value, nothing, or an error.
    print("\n== 4. Maybe: a cache lookup ==")
    do {
        let cache = ["token": "abc123"]
        func cached(_ key: String) -> Maybe<String> {
            Maybe.create { maybe in
                if let value = cache[key] { maybe(.success(value)) } else { maybe(.completed) }
                return Disposables.create()
            }
        }
        for key in ["token", "missing"] {
            cached(key)
                .subscribe(
                    onSuccess: { log("\(key): found \($0)") }, onError: { log("\(key): error \($0)") },
                    onCompleted: { log("\(key): not cached") }
                )
                .disposed(by: bag)
        }
    }

    // 5. Subjects: what a late subscriber sees.
    print("\n== 5. Subjects: Publish, Behavior, Replay, Async ==")
    do {
        func show<S: SubjectType & ObserverType>(_ name: String, _ subject: S)
        where S.Element == String, S.Observer.Element == String {
            subject.onNext("a")
            var seen: [String] = []
            let subscription = subject.subscribe(onNext: { seen.append($0) }, onCompleted: { seen.append("|") })
            subject.onNext("b")
            subject.onNext("c")
            subject.onCompleted()
            subscription.dispose()
            log(
                "\(name.padding(toLength: 24, withPad: " ", startingAt: 0)) late subscriber saw \(seen.joined(separator: " "))"
            )
        }
        show("PublishSubject", PublishSubject<String>())
        show("BehaviorSubject(\"0\")", BehaviorSubject(value: "0"))
        show("ReplaySubject(2)", ReplaySubject<String>.create(bufferSize: 2))
        show("AsyncSubject", AsyncSubject<String>())
    }

    // 6. share(replay: 1): one upstream request for two subscribers, replayed to a late one.
    print("\n== 6. share(replay: 1): one request, two subscribers ==")
    do {
        let done = DispatchSemaphore(value: 0)
        let requests = PublishSubject<Int>()
        var requestCount = 0
        requests.subscribe(onNext: { requestCount = $0 }).disposed(by: bag)
        let profile = Single<String>.create { single in
            requests.onNext(requestCount + 1)
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
                single(.success("profile of kim"))
            }
            return Disposables.create()
        }
        .asObservable()
        .concat(Observable.never())
        .share(replay: 1)
        let first = profile.subscribe(onNext: { log("nameLabel   <- \($0)") })
        let second = profile.subscribe(onNext: {
            log("avatarView  <- \($0)"); done.signal()
        })
        wait(done)
        let late = profile.subscribe(onNext: { log("late header <- \($0) (replayed)") })
        log("upstream requests: \(requestCount)")
        for subscription in [first, second, late] { subscription.dispose() }
    }

    // 7. RxCocoa on Linux: the notes' search screen with a Driver, on a stand-in text field and
    // labels (the GTK widgets come later). Two bindings of one Driver make one request per query;
    // everything reaches the labels on the main thread.
    print("\n== 7. RxCocoa: query.rx.text.asDriver().throttle(...).flatMapLatest { ... } driving two labels ==")
    // The screen is main-actor code, run on the main thread (as in an app): its closures may
    // touch the widgets, and Drivers deliver to them there.
    MainActor.assumeIsolated {
        let query = DemoTextField()
        let resultCount = DemoLabel(name: "resultCount")
        let resultList = DemoLabel(name: "resultList ")
        var requests = 0
        let screenBag = DisposeBag()
        log("the field starts empty, so the first search is for \"\"; typing is throttled (300 ms), so")
        log("keystrokes close together share one search, and each search's results reach both labels")

        let results = query.rx.text.orEmpty.asDriver()
            .throttle(.milliseconds(300), scheduler: MainScheduler.instance)
            .distinctUntilChanged()
            .flatMapLatest { text in
                search(text).asObservable()
                    .do(onSubscribe: {
                        requests += 1
                        log("search \"\(text)\"")
                    })
                    .asDriver(onErrorJustReturn: [])
            }
        results
            .map { "\($0.count) found" }
            .drive(resultCount.rx.text)
            .disposed(by: screenBag)
        results
            .map { $0.joined(separator: ", ") }
            .drive(resultList.rx.text)
            .disposed(by: screenBag)

        // The user types; the main run loop runs meanwhile, as in an app.
        for (index, text) in ["S", "Se", "Seo", "D", "Dae", "Daej"].enumerated() {
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(150 * index)) {
                log("typed  \"\(text)\"")
                query.simulateTyping(text)
            }
        }
        RunLoop.main.run(until: Date().addingTimeInterval(1.6))
        log("requests for \(resultCount.updates + resultList.updates) label updates: \(requests)")

    }
}

runDemo()
