import Foundation
import RxSwift
import RxTest
import TestSupport
import XCTest

final class InfallibleTests: RxTestCase {
    func testCreateJustOfFromEmptyNever() {
        var seen: [String] = []
        let bag = DisposeBag()
        Infallible<Int>.create { observer in
            observer(.next(1))
            observer(.completed)
            observer(.next(2))
            return Disposables.create()
        }
        .subscribe(onNext: { seen.append("create \($0)") }, onCompleted: { seen.append("create |") })
        .disposed(by: bag)
        Infallible.just(1).subscribe(onNext: { seen.append("just \($0)") }).disposed(by: bag)
        Infallible.of(1, 2).subscribe(onNext: { seen.append("of \($0)") }).disposed(by: bag)
        Infallible.from([3]).subscribe(onNext: { seen.append("from \($0)") }).disposed(by: bag)
        Infallible.from(optional: Int?.none).subscribe(onCompleted: { seen.append("from nil |") }).disposed(by: bag)
        Infallible<Int>.empty().subscribe(onCompleted: { seen.append("empty |") }).disposed(by: bag)
        Infallible<Int>.never().subscribe(
            onNext: { _ in seen.append("never") }, onDisposed: { seen.append("never disposed") }
        ).dispose()
        XCTAssertEqual(
            seen,
            ["create 1", "create |", "just 1", "of 1", "of 2", "from 3", "from nil |", "empty |", "never disposed"])
    }

    func testCreateObserverIsSendable() {
        let done = DispatchSemaphore(value: 0)
        let seen = LockedBox<[Int]>([])
        let subscription = Infallible<Int>.create { observer in
            DispatchQueue.global().async {
                observer(.next(7))
                observer(.completed)
            }
            return Disposables.create()
        }.subscribe(onNext: { value in seen.mutate { $0.append(value) } }, onCompleted: { done.signal() })
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(seen.value, [7])
        subscription.dispose()
    }

    func testAsInfallibleForms() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let justReturn = scheduler.start { failing.asInfallible(onErrorJustReturn: -1).asObservable() }
        XCTAssertEqual(justReturn.events, [.next(210, 1), .next(220, -1), .completed(220)])
        XCTAssertEqual(failing.subscriptions, [Subscription(200, 220)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let failing2 = scheduler2.createColdObservable([.next(10, 1), .error(20, testError)])
        let fallback = scheduler2.start { failing2.asInfallible(onErrorFallbackTo: .of(8, 9)).asObservable() }
        XCTAssertEqual(fallback.events, [.next(210, 1), .next(220, 8), .next(220, 9), .completed(220)])

        let scheduler3 = TestScheduler(initialClock: 0)
        let failing3 = scheduler3.createColdObservable([.error(20, testError)] as [Recorded<Event<Int>>])
        let recover = scheduler3.start { failing3.asInfallible(onErrorRecover: { _ in .just(5) }).asObservable() }
        XCTAssertEqual(recover.events, [.next(220, 5), .completed(220)])
    }

    func testOperatorsAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 2), .next(240, 3), .next(300, 4),
        ])
        let res = scheduler.start(disposed: 260) {
            source.asInfallible(onErrorJustReturn: 0)
                .distinctUntilChanged()
                .map { $0 * 10 }
                .filter { $0 != 30 }
                .scan(0, accumulator: +)
                .startWith(-1)
                .asObservable()
        }
        XCTAssertEqual(res.events, [.next(200, -1), .next(210, 10), .next(220, 30)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 260)])
    }

    func testCombiningOperators() {
        var seen: [String] = []
        let bag = DisposeBag()
        let a = Infallible.of(1, 2)
        let b = Infallible.just("x")
        Infallible.combineLatest(a, b) { "\($0)\($1)" }.subscribe(onNext: { seen.append("cl \($0)") }).disposed(by: bag)
        Infallible.zip(a, b).subscribe(onNext: { seen.append("zip \($0)\($1)") }).disposed(by: bag)
        Infallible.merge(a, .just(3)).subscribe(onNext: { seen.append("merge \($0)") }).disposed(by: bag)
        Infallible.concat(a, .just(3)).subscribe(onNext: { seen.append("concat \($0)") }).disposed(by: bag)
        a.flatMapLatest { Infallible.just($0 * 100) }.subscribe(onNext: { seen.append("latest \($0)") }).disposed(
            by: bag)
        a.withLatestFrom(b).subscribe(onNext: { seen.append("wlf \($0)") }).disposed(by: bag)
        a.take(1).subscribe(onNext: { seen.append("take \($0)") }).disposed(by: bag)
        Infallible.zip([a, a]).subscribe(onNext: { seen.append("zips \($0)") }).disposed(by: bag)
        Infallible.combineLatest([a, Infallible.just(0)]) { $0.reduce(0, +) }.subscribe(onNext: {
            seen.append("cls \($0)")
        }).disposed(by: bag)
        a.skip(1).subscribe(onNext: { seen.append("skip \($0)") }).disposed(by: bag)
        // As in RxSwift: `of` emits from the trampoline after the synchronous `just` has emitted.
        XCTAssertEqual(
            seen,
            [
                "cl 1x", "cl 2x", "zip 1x", "merge 3", "merge 1", "merge 2", "concat 1", "concat 2", "concat 3",
                "latest 100", "latest 200", "wlf x", "wlf x", "take 1", "zips [1, 1]", "zips [2, 2]", "cls 1", "cls 2",
                "skip 2",
            ])
    }

    func testSubscribeWithObjectAndBind() {
        final class Owner { var values: [Int] = [] }
        let owner = Owner()
        let bag = DisposeBag()
        Infallible.of(1, 2).subscribe(with: owner, onNext: { owner, value in owner.values.append(value) }).disposed(
            by: bag)
        let subject = ReplaySubject<Int>.createUnbounded()
        Infallible.of(3).bind(to: subject).disposed(by: bag)
        Infallible.of(4).bind(with: owner) { owner, value in owner.values.append(value) }.disposed(by: bag)
        var replayed: [Int] = []
        subject.subscribe(onNext: { replayed.append($0) }).disposed(by: bag)
        XCTAssertEqual(owner.values, [1, 2, 4])
        XCTAssertEqual(replayed, [3])
    }

    func testTimeOperatorsOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 235) {
            Infallible<Int>.interval(.seconds(10), scheduler: scheduler).throttle(.seconds(15), scheduler: scheduler)
                .asObservable()
        }
        XCTAssertEqual(res.events.map(\.time), [210, 225])
    }

    /// `startWith` subscribes its source within the same `subscribe` call, after the elements (it
    /// waited for the trampoline, so a sibling source got ahead of it).
    func testStartWithSubscribesItsSourceAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let cold = scheduler.createColdObservable([.next(40, 1), .next(60, 2)])
        let res = scheduler.start {
            Observable.combineLatest(
                cold.asInfallible(onErrorJustReturn: -1).startWith(3).asObservable(), cold.asObservable()
            ) { $0 * 100 + $1 }
        }
        XCTAssertEqual(res.events, [.next(240, 101), .next(260, 201), .next(260, 202)])
    }

    /// The flatMap family with a synchronous selector that returns an `Observable`, a `Single`
    /// or an `Infallible`: RxSwift's overloads (`ObservableConvertibleType` in, `Infallible`
    /// out) subscribe each inner sequence. Before, an `Observable` or `Single` selector resolved
    /// to the `async` transform overload and forwarded the sequences themselves as elements.
    func testTheFlatMapFamilySubscribesTheSequencesASynchronousSelectorReturns() {
        var log: [String] = []
        let save = Observable<String>.create { observer in
            log.append("save subscribed")
            observer.onNext("saved")
            observer.onCompleted()
            return Disposables.create()
        }
        let latest: Infallible<String> = Infallible.from([1, 2]).flatMapLatest { _ in save }
        _ = latest.subscribe(onNext: { log.append($0) })
        XCTAssertEqual(log, ["save subscribed", "saved", "save subscribed", "saved"])

        var elements: [String] = []
        let merged: Infallible<String> = Infallible.from([1, 2]).flatMap { _ in save }
        let concatenated: Infallible<Int> = Infallible.from([1, 2]).concatMap { Single.just($0 * 10) }
        let first: Infallible<String> = Infallible.from([1, 2]).flatMapFirst { _ in Infallible.just("first") }
        _ = merged.subscribe(onNext: { elements.append($0) })
        _ = concatenated.subscribe(onNext: { elements.append("\($0)") })
        _ = first.subscribe(onNext: { elements.append($0) })
        XCTAssertEqual(elements, ["saved", "saved", "10", "20", "first", "first"])
    }

    /// `Observable.flatMapLatest` with a selector that returns an `Infallible` is an `Infallible`
    /// (RxSwift 6's overload), and still an `Observable` where the context asks for one.
    func testFlatMapLatestToAnInfallibleIsAnInfallible() {
        let infallible: Infallible<Int> = Observable.of(1, 2).flatMapLatest { Infallible.just($0 * 10) }
        let observable: Observable<Int> = Observable.of(1, 2).flatMapLatest { Infallible.just($0 * 10) }
        var elements: [Int] = []
        _ = infallible.subscribe(onNext: { elements.append($0) })
        _ = observable.subscribe(onNext: { elements.append($0) })
        XCTAssertEqual(elements, [10, 20, 10, 20])
    }
}
