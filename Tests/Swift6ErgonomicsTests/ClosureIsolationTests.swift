import Foundation
import RxCocoa
import RxRelay
@_spi(OpenRx) import RxSwift
import Synchronization
import TestSupport
import XCTest

/// The names of the main-actor closures that ran off main: every test expects none.
private let offMain = Mutex<[String]>([])

/// Called first in every closure below: records the closure when it runs off main.
private nonisolated func noteThread(_ name: String) {
    if !MainScheduler.isOnMain { offMain.withLock { $0.append(name) } }
}

/// Runs `send` on another thread and waits for it (`DispatchQueue.sync` may run it on this one).
private func onAnotherThread(_ send: @escaping @Sendable () -> Void) {
    let sent = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        send()
        sent.signal()
    }
    sent.wait()
}

/// Where the `@Sendable` closures ran: true for each call made off main.
private let sendableRanOffMain = Mutex<[Bool]>([])

/// Every closure-taking API, each given a closure written in main-actor code (that touches the
/// screen's state) and fed from a background thread: each closure must run on main.
@MainActor
final class OffMainFedScreen {
    var calls = 0
    let background = SerialDispatchQueueScheduler(qos: .default)

    /// 1, 2, 3, delivered on a background queue.
    var source: Observable<Int> { Observable.of(1, 2, 3).observe(on: background) }

    /// One row per closure-taking operator: its name and the sequence it makes of `source`.
    var operators: [(String, Observable<Int>)] {
        [
            ("map", source.map { self.touch("map", $0) }),
            ("compactMap", source.compactMap { self.touch("compactMap", $0) }),
            ("filter", source.filter { self.touch("filter", $0) > 0 }),
            ("scan", source.scan(0) { self.touch("scan", $0 + $1) }),
            ("scan(into:)", source.scan(into: 0) { total, value in total = self.touch("scan(into:)", total + value) }),
            ("reduce", source.reduce(0) { self.touch("reduce", $0 + $1) }),
            (
                "reduce(mapResult:)",
                source.reduce(0, accumulator: { $0 + $1 }, mapResult: { self.touch("mapResult", $0) })
            ),
            (
                "reduce(into:)",
                source.reduce(into: 0) { total, value in total = self.touch("reduce(into:)", total + value) }
            ),
            ("flatMap", source.flatMap { Observable.just(self.touch("flatMap", $0)) }),
            ("flatMapLatest", source.flatMapLatest { Observable.just(self.touch("flatMapLatest", $0)) }),
            ("flatMapFirst", source.flatMapFirst { Observable.just(self.touch("flatMapFirst", $0)) }),
            ("concatMap", source.concatMap { Observable.just(self.touch("concatMap", $0)) }),
            ("distinctUntilChanged(_:)", source.distinctUntilChanged { self.touch("comparer", $0) == $1 }),
            ("distinctUntilChanged(key)", source.distinctUntilChanged { (value: Int) in self.touch("key", value) }),
            ("take(while:)", source.take(while: { self.touch("take(while:)", $0) > 0 })),
            ("take(until:)", source.take(until: { self.touch("take(until:)", $0) > 5 })),
            ("skip(while:)", source.skip(while: { self.touch("skip(while:)", $0) < 0 })),
            ("do", source.do(onNext: { _ = self.touch("do", $0) }, onCompleted: { _ = self.touch("do", 0) })),
            ("catch", source.concat(Observable.error(RxError.unknown)).catch { _ in .just(self.touch("catch", 0)) }),
            ("withLatestFrom", source.withLatestFrom(Observable.just(1)) { self.touch("withLatestFrom", $0 + $1) }),
            (
                "combineLatest",
                Observable.combineLatest(source, Observable.just(0)) { self.touch("combineLatest", $0 + $1) }
            ),
            ("zip", Observable.zip(source, Observable.of(0, 0, 0)) { self.touch("zip", $0 + $1) }),
            (
                "combineLatest(collection)",
                Observable.combineLatest([source, Observable.just(0)]) {
                    self.touch("combineLatest[]", $0.reduce(0, +))
                }
            ),
            ("groupBy", source.groupBy { self.touch("groupBy", $0) % 2 }.flatMap { $0 }),
            ("deferred", Observable.deferred { .just(self.touch("deferred", 1)) }.subscribe(on: background)),
            (
                "Driver.deferred",
                Driver.deferred { .just(self.touch("Driver.deferred", 1)) }.asObservable().subscribe(on: background)
            ),
            (
                "create",
                Observable<Int>.create { observer in
                    observer.onNext(self.touch("create", 1))
                    observer.onCompleted()
                    return Disposables.create { _ = self.touch("Disposables.create", 0) }
                }.subscribe(on: background)
            ),
            (
                "using",
                Observable.using({ BooleanDisposable() }) { _ in
                    Observable.just(self.touch("using", 1))
                }.subscribe(on: background)
            ),
            (
                "retry(when:)",
                source.retry(when: { (errors: Observable<Error>) in errors.map { _ in self.touch("retry", 0) } })
            ),
            (
                "Infallible.map",
                Infallible.from([1, 2]).observe(on: background).map { self.touch("Infallible.map", $0) }.asObservable()
            ),
            ("Single.map", Single.just(1).observe(on: background).map { self.touch("Single.map", $0) }.asObservable()),
            ("Maybe.map", Maybe.just(1).observe(on: background).map { self.touch("Maybe.map", $0) }.asObservable()),
            (
                "Single.do",
                Single.just(1).observe(on: background).do(onSuccess: { _ = self.touch("Single.do", $0) }).asObservable()
            ),
            (
                "Maybe.do",
                Maybe.just(1).observe(on: background).do(onNext: { _ = self.touch("Maybe.do", $0) }).asObservable()
            ),
            (
                "Completable.do",
                Completable.empty().observe(on: background).do(onCompleted: { _ = self.touch("Completable.do", 0) })
                    .andThen(Observable.just(0))
            ),
            (
                "Infallible.do",
                Infallible.from([1, 2]).observe(on: background).do(onNext: { _ = self.touch("Infallible.do", $0) })
                    .asObservable()
            ),
            (
                "Single.create",
                Single<Int>.create { single in
                    single(.success(self.touch("Single.create", 1)))
                    return Disposables.create()
                }.subscribe(on: background).asObservable()
            ),
            (
                "generate",
                Observable.generate(
                    initialState: 0, condition: { self.touch("condition", $0) < 3 }, scheduler: background
                ) {
                    self.touch("iterate", $0 + 1)
                }
            ),
        ]
    }

    func touch(_ name: String, _ value: Int) -> Int {
        noteThread(name)
        calls += 1
        return value
    }
}

final class ClosureIsolationTests: TimeLimitedTestCase {
    override func setUp() {
        super.setUp()
        offMain.withLock { $0 = [] }
    }

    /// The elements of `sequence`, once it terminates, received by a main-actor subscriber.
    @MainActor
    private func elements(of sequence: Observable<Int>) async -> [Int] {
        await withCheckedContinuation { continuation in
            var received: [Int] = []
            _ = sequence.subscribe(
                onNext: { received.append($0) }, onError: { _ in continuation.resume(returning: received) },
                onCompleted: { continuation.resume(returning: received) })
        }
    }

    /// Every closure-taking operator, fed from a background queue, runs its main-actor closure on
    /// main, and the sequence gives the same elements as when fed on main.
    @MainActor
    func testEveryClosureOfTheMainActorRunsOnMain() async {
        let screen = OffMainFedScreen()
        for (name, sequence) in screen.operators {
            let received = await elements(of: sequence)
            XCTAssertFalse(received.isEmpty, name)
        }
        XCTAssertGreaterThan(screen.calls, screen.operators.count)
        XCTAssertEqual(offMain.withLock { $0 }, [])
    }

    /// `subscribe`'s closures, `bind`, `AnyObserver` and `mapObserver`, fed from another thread.
    @MainActor
    func testSubscribersAndObserversOfTheMainActorRunOnMain() async {
        var log: [String] = []
        let subject = PublishSubject<Int>()
        let relay = PublishRelay<Int>()
        let bag = DisposeBag()
        let done = ReplaySubject<Void>.create(bufferSize: 1)
        subject.subscribe(
            onNext: {
                noteThread("subscribe"); log.append("next \($0)")
            },
            onDisposed: {
                noteThread("onDisposed")
                log.append("disposed")
            }
        )
        .disposed(by: bag)
        subject.subscribe(
            with: self,
            onNext: { _, value in
                noteThread("with"); log.append("with \(value)")
            }
        )
        .disposed(by: bag)
        subject.subscribe { event in
            noteThread("event"); log.append("event \(event)")
        }.disposed(by: bag)
        relay.bind(onNext: {
            noteThread("bind"); log.append("bound \($0)")
        }).disposed(by: bag)
        let observer = AnyObserver<Int> { event in
            noteThread("AnyObserver"); log.append("observer \(event)")
        }
        let mapped: AnyObserver<String> = observer.mapObserver {
            noteThread("mapObserver"); return $0.count
        }
        let lastOne = subject.subscribe(onCompleted: { done.onNext(()) })
        let senders = DispatchGroup()
        DispatchQueue.global().async(group: senders) {
            subject.onNext(1)
            relay.accept(2)
            observer.onNext(3)
            mapped.onNext("four")
            subject.onCompleted()
        }
        _ = try? await done.take(1).asSingle().value
        lastOne.dispose()
        XCTAssertEqual(
            log,
            [
                "next 1", "with 1", "event next(1)", "bound 2", "observer next(3)", "observer next(4)", "disposed",
                "event completed",
            ])
        XCTAssertEqual(offMain.withLock { $0 }, [])
    }

    /// A dispose action of the main actor runs on main when disposed on another thread.
    @MainActor
    func testDisposeActionsOfTheMainActorRunOnMain() async {
        var released = false
        let resource = Disposables.create {
            noteThread("Disposables.create")
            released = true
        }
        let holder = SerialDisposable()
        holder.disposable = resource
        await Task.detached { holder.dispose() }.value
        _ = await eventually { released }
        XCTAssertTrue(released)
        XCTAssertEqual(offMain.withLock { $0 }, [])
    }

    /// A `@Sendable` closure and a nonisolated function passed from main-actor code run where the
    /// events arrive: off main after `observe(on:)` a background queue.
    @MainActor
    func testSendableClosuresAndNonisolatedFunctionsRunWhereTheEventsArrive() async {
        sendableRanOffMain.withLock { $0 = [] }
        let screen = OffMainFedScreen()
        let doubled = screen.source
            .map { @Sendable value in
                sendableRanOffMain.withLock { $0.append(!MainScheduler.isOnMain) }
                return value * 2
            }
            .map(ClosureIsolationTests.increment)
        let received = await elements(of: doubled)
        XCTAssertEqual(received, [3, 5, 7])
        XCTAssertEqual(sendableRanOffMain.withLock { $0 }, [true, true, true, true, true, true])
    }

    private nonisolated static func increment(_ value: Int) -> Int {
        sendableRanOffMain.withLock { $0.append(!MainScheduler.isOnMain) }
        return value + 1
    }

    /// A debug build says, once per place and naming the operator and the place (the function,
    /// file and line that built the stage), that a closure of the main actor after `observe(on:)`
    /// a background scheduler runs on main, and how to run it there instead; nothing for one after
    /// `observe(on: MainScheduler.instance)` or for a `@Sendable` one; a chain built again at the
    /// same place is not reported again.
    @MainActor
    func testAClosureOfTheMainActorAfterABackgroundSchedulerIsReportedOncePerPlace() async {
        let screen = OffMainFedScreen()
        let mapLine = #line + 7
        let secondMapLine = #line + 8
        let said = warningsSaid {
            _ = Observable.of(1).observe(on: MainScheduler.instance).map { screen.touch("after main", $0) }
            _ = screen.source.map { @Sendable value in value }
        } then: {
            for _ in 0..<3 {
                _ = screen.source.map { screen.touch("after background", $0) }
            }
            _ = screen.source.map { screen.touch("after background again", $0) }
            _ = screen.source.filter { screen.touch("after background", $0) > 0 }
            _ = screen.source.flatMapLatest { Observable.just(screen.touch("after background", $0)) }
        }
        XCTAssertEqual(said.count, 4, "once per place: \(said)")
        guard said.count == 4 else { return }
        // Built in the closure given to `warningsSaid`: the place names it.
        let function =
            "closure #2 in ClosureIsolationTests.testAClosureOfTheMainActorAfterABackgroundSchedulerIsReportedOncePerPlace()"
        XCTAssertTrue(
            said[0].contains("the closure of `map(_:)` in \(function) (\(#filePath):\(mapLine))"), "\(said[0])")
        XCTAssertTrue(
            said[1].contains("the closure of `map(_:)` in \(function) (\(#filePath):\(secondMapLine))"), said[1])
        XCTAssertTrue(said[2].contains("the closure of `filter(_:)` in \(function)"), said[2])
        XCTAssertTrue(said[3].contains("the closure of `flatMapLatest(_:)` in \(function)"), said[3])
        XCTAssertTrue(said[0].contains("mark it `@Sendable`"), said[0])
        XCTAssertTrue(said[0].contains("`nonisolated func parse`"), said[0])
        XCTAssertTrue(said[0].contains("(Said once for this place.)"), said[0])
    }

    /// One place reached through two call stacks (a helper called from two functions) is one
    /// place: said once. (The test above repeats one stack.)
    @MainActor
    func testOnePlaceReachedFromTwoCallersIsReportedOnce() async {
        let screen = OffMainFedScreen()
        let said = warningsSaid(then: {
            firstCaller(screen)
            secondCaller(screen)
        })
        XCTAssertEqual(said.count, 1, "once per place: \(said)")
    }

    /// The warnings `Hooks.warningHandler` receives while `body` runs, after the places already
    /// warned of are forgotten; `quiet` runs first and must say nothing.
    @MainActor
    private func warningsSaid(
        _ quiet: () -> Void = {}, then body: () -> Void = {}, file: StaticString = #filePath, line: UInt = #line
    ) -> [String] {
        let warnings = Mutex<[String]>([])
        let previous = Hooks.warningHandler
        Hooks.warningHandler = { message in warnings.withLock { $0.append(message) } }
        defer { Hooks.warningHandler = previous }
        Isolation.forgetWarnings()
        quiet()
        XCTAssertEqual(warnings.withLock { $0 }, [], "said too early", file: file, line: line)
        body()
        return warnings.withLock { $0 }
    }

    @MainActor private func attachAfterBackground(_ screen: OffMainFedScreen) {
        _ = screen.source.map { screen.touch("helper", $0) }
    }

    @MainActor private func firstCaller(_ screen: OffMainFedScreen) {
        attachAfterBackground(screen)
    }

    @MainActor private func secondCaller(_ screen: OffMainFedScreen) {
        attachAfterBackground(screen)
    }

    /// An element sent on main while one sent from another thread still waits on the main queue
    /// for the same subscription is delivered after it, not before.
    @MainActor
    func testAnEventArrivingOnMainWaitsBehindTheOnesQueuedThere() async {
        var log: [Int] = []
        let subject = PublishSubject<Int>()
        let done = ReplaySubject<Void>.create(bufferSize: 1)
        let subscription = subject.map { $0 * 10 }.subscribe(
            onNext: { log.append($0) }, onCompleted: { done.onNext(()) })
        onAnotherThread { subject.onNext(1) } // queued on main while this thread waits
        subject.onNext(2)
        subject.onCompleted()
        _ = try? await done.take(1).asSingle().value
        XCTAssertEqual(log, [10, 20])
        subscription.dispose()
    }

    /// The same for an `AnyObserver` of a main-actor closure: an event given on main waits behind
    /// one given from another thread and still queued on main.
    @MainActor
    func testAnObserverOfTheMainActorKeepsTheOrderOfItsEvents() async {
        var log: [String] = []
        let observer = AnyObserver<Int> { event in
            noteThread("AnyObserver")
            log.append("\(event)")
        }
        onAnotherThread { observer.onNext(1) }
        observer.onNext(2)
        _ = await eventually { log.count >= 2 }
        XCTAssertEqual(log, ["next(1)", "next(2)"])
        XCTAssertEqual(offMain.withLock { $0 }, [])
    }

    /// Fed on main, a main-actor chain delivers synchronously, in the same turn, as before.
    @MainActor
    func testOnMainTheChainStaysSynchronous() async {
        var log: [Int] = []
        let subject = PublishSubject<Int>()
        let subscription = subject.map { $0 * 10 }.filter { $0 > 10 }.subscribe(onNext: { log.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(log, [20])
        Observable.of(3, 4).map { $0 + 1 }.subscribe(onNext: { log.append($0) }).dispose()
        XCTAssertEqual(log, [20, 4, 5])
        subscription.dispose()
    }
}
