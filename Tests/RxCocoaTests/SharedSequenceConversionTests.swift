import RxCocoa
import RxSwift
import RxTest
import TestSupport
import XCTest

/// A user type that is a shared sequence through `asSharedSequence()` alone, as RxSwift's
/// example app's `ActivityIndicator` is: it counts running work and drives `true` while any runs.
private final class ActivityIndicator: SharedSequenceConvertibleType {
    typealias Element = Bool
    typealias SharingStrategy = DriverSharingStrategy

    private let running = BehaviorRelay(value: 0)
    private let loading: SharedSequence<SharingStrategy, Bool>

    init() {
        loading = running.asDriver().map { $0 > 0 }.distinctUntilChanged()
    }

    func track<Source: ObservableConvertibleType>(_ source: Source) -> Observable<Source.Element> {
        let running = self.running
        return Observable.using(
            { () -> Token in
                running.accept(running.value + 1)
                return Token(running)
            }, observableFactory: { _ in source.asObservable() })
    }

    func asSharedSequence() -> SharedSequence<SharingStrategy, Bool> { loading }
}

/// Counts one piece of work as running until disposed.
private final class Token: Disposable {
    private let running: BehaviorRelay<Int>
    init(_ running: BehaviorRelay<Int>) { self.running = running }
    func dispose() { running.accept(running.value - 1) }
}

final class SharedSequenceConversionTests: RxTestCase {
    func testTypeDeclaringOnlyAsSharedSequenceIsAnObservableConvertible() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let indicator = ActivityIndicator()
            let work = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let res = scheduler.createObserver(Bool.self)
            let bag = DisposeBag()
            scheduler.scheduleAt(200) { indicator.asObservable().subscribe(res).disposed(by: bag) }
            scheduler.scheduleAt(205) { indicator.track(work).subscribe().disposed(by: bag) }
            scheduler.start()
            XCTAssertEqual(res.events.map(\.value.element), [false, true, false])
        }
    }

    func testMergeMaxConcurrentOfSignalsInADriverIsASignal() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let a = scheduler.createColdObservable([.next(10, 1), .completed(20)]).asSignal(onErrorJustReturn: -1)
            let b = scheduler.createColdObservable([.next(10, 2), .completed(20)]).asSignal(onErrorJustReturn: -1)
            let merged: Signal<Int> = Driver.of(a, b).merge(maxConcurrent: 1)
            let res = scheduler.start { merged.asObservable() }
            // One at a time: b is subscribed when a completes, 20 ticks after a's element.
            XCTAssertEqual(res.events.map(\.value.element), [1, 2, nil])
            XCTAssertEqual(res.events[1].time - res.events[0].time, 21)
        }
    }

    func testAsSharedSequenceWithStrategyRecoversFromErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let failing = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            let justReturn: Driver<Int> = failing.asSharedSequence(
                sharingStrategy: DriverSharingStrategy.self, onErrorJustReturn: 9)
            XCTAssertEqual(scheduler.start { justReturn.asObservable() }.events.map(\.value.element), [1, 9, nil])
        }
        let second = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: second) {
            let failing = second.createColdObservable([.error(10, testError)] as [Recorded<Event<Int>>])
            let driveWith: Signal<Int> = failing.asSharedSequence(onErrorDriveWith: Signal.just(7))
            let recover: Signal<Int> = failing.asSharedSequence(sharingStrategy: SignalSharingStrategy.self) { _ in
                .just(8)
            }
            let res = second.start { Observable.merge(driveWith.asObservable(), recover.asObservable()) }
            XCTAssertEqual(res.events.compactMap(\.value.element).sorted(), [7, 8])
        }
    }

    func testCreateUnsafeWrapsTheSourceAsItIs() {
        let subject = PublishSubject<Int>()
        var seen: [Int] = []
        let driver = Driver<Int>.createUnsafe(source: subject)
        let subscription = driver.asObservable().subscribe(onNext: { seen.append($0) })
        subject.onNext(1)
        XCTAssertEqual(seen, [1], "no hop to the sharing scheduler")
        subscription.dispose()
        XCTAssertFalse(subject.hasObservers)
    }
}
