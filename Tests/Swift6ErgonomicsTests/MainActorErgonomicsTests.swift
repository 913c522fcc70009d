// This target is a user module as strict as it gets: Swift 6 language mode with warnings as
// errors (see Package.swift). The code below compiling is half of each test; running it is the
// other half. None of it uses MainActor.assumeIsolated or @preconcurrency.

import Dispatch
import Foundation
import RxCocoa
import RxRelay
import RxSwift
import Synchronization
import TestSupport
import XCTest

/// A main-actor UI element, as UIKit's are.
@MainActor
final class MainActorLabel {
    var text: String?
    var updates = 0
}

extension MainActorLabel: ReactiveCompatible {}

extension Reactive where Base: MainActorLabel {
    /// A Binder whose closure touches main-actor state: compiles because Binder's closure is
    /// `@MainActor`.
    var text: Binder<String?> {
        Binder(base) { label, text in
            label.text = text
            label.updates += 1
        }
    }
}

/// A main-actor screen that drives its labels.
@MainActor
final class SearchScreen {
    let title = MainActorLabel()
    let count = MainActorLabel()
    private(set) var history: [String] = []
    let disposeBag = DisposeBag()

    func bind(query: Driver<String>, taps: Signal<Void>) {
        query
            .drive(onNext: { text in
                // Main-actor state, touched directly from drive(onNext:).
                self.title.text = text
                self.history.append(text)
            })
            .disposed(by: disposeBag)

        query.map { "\($0.count)" }
            .drive(count.rx.text)
            .disposed(by: disposeBag)

        taps
            .emit(
                with: self,
                onNext: { screen, _ in
                    screen.history.append("tap")
                }
            )
            .disposed(by: disposeBag)
    }

    /// Every other consuming form, touching main-actor state from main-actor code.
    func bindEveryForm(names: Observable<String>, driven: Driver<String>) {
        names.subscribe(onNext: { self.history.append("subscribe \($0)") }).disposed(by: disposeBag)
        names.bind(onNext: { self.history.append("bind \($0)") }).disposed(by: disposeBag)
        names.subscribe(with: self, onNext: { screen, name in screen.history.append("with \(name)") }).disposed(
            by: disposeBag)
        names.withUnretained(self).subscribe(onNext: { screen, name in screen.history.append("unretained \(name)") })
            .disposed(by: disposeBag)
        driven.drive(with: self, onNext: { screen, name in screen.title.text = name }).disposed(by: disposeBag)
        names.bind(to: Binder(self) { screen, name in screen.count.text = name }).disposed(by: disposeBag)
    }
}

final class MainActorErgonomicsTests: TimeLimitedTestCase {
    func testDriveEmitAndBinderTouchMainActorState() async {
        await MainActor.run {
            let screen = SearchScreen()
            let query = BehaviorRelay(value: "a")
            let taps = PublishRelay<Void>()
            screen.bind(query: query.asDriver(), taps: taps.asSignal())
            query.accept("abc")
            taps.accept(())
            XCTAssertEqual(screen.title.text, "abc")
            XCTAssertEqual(screen.count.text, "3")
            XCTAssertEqual(screen.count.updates, 2)
            XCTAssertEqual(screen.history, ["a", "abc", "tap"])
        }
    }

    func testEveryConsumingFormTouchesMainActorState() async {
        await MainActor.run {
            let screen = SearchScreen()
            let names = PublishSubject<String>()
            screen.bindEveryForm(names: names, driven: Driver.just("driven"))
            names.onNext("kim")
            XCTAssertEqual(screen.history, ["subscribe kim", "bind kim", "with kim", "unretained kim"])
            XCTAssertEqual(screen.title.text, "driven")
            XCTAssertEqual(screen.count.text, "kim")
        }
    }

    func testBinderHopsToTheMainActorFromABackgroundThread() async {
        let label = MainActorLabel()
        let binder = label.rx.text
        let relay = PublishRelay<String?>()
        let subscription = relay.bind(to: binder)
        await Task.detached {
            relay.accept("from a detached task")
        }.value
        for _ in 0..<500 {
            if await label.text != nil { break }
            try? await Task.sleep(nanoseconds: 2_000_000)
        }
        let text = await label.text
        XCTAssertEqual(text, "from a detached task")
        subscription.dispose()
    }

    func testSubjectsRelaysObserversAndDisposablesCrossIntoDetachedTasksAndDispatch() async {
        let subject = PublishSubject<Int>()
        let behavior = BehaviorSubject(value: 0)
        let relay = BehaviorRelay(value: 0)
        let replay = ReplayRelay<Int>.create(bufferSize: 2)
        let bag = DisposeBag()
        let serial = SerialDisposable()
        let received = ReplaySubject<Int>.createUnbounded()
        subject.subscribe(received.asObserver()).disposed(by: bag)
        let observer: AnyObserver<Int> = subject.asObserver()

        await Task.detached {
            observer.onNext(1)
            subject.onNext(2)
            behavior.onNext(3)
            relay.accept(4)
            replay.accept(5)
            serial.disposable = Disposables.create()
            Disposables.create().disposed(by: bag)
        }.value
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                subject.onNext(6)
                relay.accept(7)
                continuation.resume()
            }
        }
        var seen: [Int] = []
        received.subscribe(onNext: { seen.append($0) }).dispose()
        XCTAssertEqual(seen, [1, 2, 6])
        XCTAssertEqual(try behavior.value(), 3)
        XCTAssertEqual(relay.value, 7)
        serial.dispose()
        XCTAssertTrue(serial.isDisposed)
    }
}

/// A flag set from another thread.
final class Finished: Sendable {
    private let state = Atomic<Bool>(false)
    var isSet: Bool { state.load(ordering: .acquiring) }
    func set() { state.store(true, ordering: .releasing) }
}

/// A non-Sendable model, as most app models are.
final class Profile {
    var name: String
    init(name: String) { self.name = name }
}

@MainActor
final class ProfileScreen {
    let title = MainActorLabel()

    /// `value` runs on the caller's actor, so a non-Sendable element reaches main-actor code.
    func load(_ request: Single<Profile>) async throws {
        let profile = try await request.value
        title.text = profile.name
    }

    /// A Driver's values, read on the main actor.
    func firstTwo(of driver: Driver<String>) async -> [String] {
        var seen: [String] = []
        for await text in driver.values {
            seen.append(text)
            if seen.count == 2 { break }
        }
        return seen
    }
}

final class AsyncAwaitErgonomicsTests: TimeLimitedTestCase {
    func testValueOfANonSendableElementFromMainActorCode() async throws {
        let screen = ProfileScreen()
        try await screen.load(Single.just(Profile(name: "kim")))
        let title = await screen.title.text
        XCTAssertEqual(title, "kim")
    }

    func testDriverValuesOnTheMainActor() async {
        let screen = ProfileScreen()
        let seen = await screen.firstTwo(of: Driver.of("a", "b", "c"))
        XCTAssertEqual(seen, ["a", "b"])
    }
}

/// A main-actor view model that calls async services inside its chains, as app code does.
@MainActor
final class AsyncSearchModel {
    let query = PublishSubject<String>()
    let results = MainActorLabel()
    let saved = MainActorLabel()
    private(set) var deliveries = 0
    private let bag = DisposeBag()

    init(search: @escaping @Sendable (String) async throws -> String) {
        // The results arrive on the main actor (the chain was built here), so the closure below,
        // which the compiler treats as main-actor code, runs where it may.
        query.flatMapLatest { text in try await search(text) }
            .subscribe(onNext: { [unowned self] found in
                results.text = found
                deliveries += 1
            })
            .disposed(by: bag)
    }

    func save() {
        Completable.create { () async throws in await Task.yield() }
            .subscribe(onCompleted: { [unowned self] in saved.text = "saved" })
            .disposed(by: bag)
    }

    /// Waits (bounded) on the main actor, which lets the deliveries in.
    /// (Written out, not TestSupport's `eventually`: scripts/check-client.sh builds this type
    /// in a client package of its own. The 30 s bound only ends a failing test.)
    func waitUntil(_ condition: () -> Bool) async {
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while !condition() && ContinuousClock.now < deadline {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }
}

final class AsyncInsideChainsTests: TimeLimitedTestCase {
    /// A query sent from a background thread: the async search runs in a task, and its result
    /// reaches the model's main-actor closure on the main actor.
    @MainActor
    func testAsyncResultsReachMainActorCodeOnTheMainActor() async {
        let model = AsyncSearchModel { text in
            await Task.yield()
            return "results for \(text)"
        }
        let query = model.query
        await Task.detached { query.onNext("rx") }.value
        await model.waitUntil { model.results.text != nil }
        XCTAssertEqual(model.results.text, "results for rx")
        XCTAssertEqual(model.deliveries, 1)
        model.save()
        await model.waitUntil { model.saved.text != nil }
        XCTAssertEqual(model.saved.text, "saved")
    }
}
