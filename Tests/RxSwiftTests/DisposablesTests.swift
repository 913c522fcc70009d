import RxSwift
import RxTest
import Synchronization
import TestSupport
import XCTest

final class DisposablesTests: RxTestCase {
    func testCreateRunsActionOnce() {
        var count = 0
        let disposable = Disposables.create { count += 1 }
        XCTAssertFalse(disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        XCTAssertEqual(count, 1)
        XCTAssertTrue(disposable.isDisposed)
    }

    func testCompositeOfFourOrMoreDisposesEachInOrder() {
        var log: [Int] = []
        let composite = CompositeDisposable(
            Disposables.create { log.append(1) }, Disposables.create { log.append(2) },
            Disposables.create { log.append(3) }, Disposables.create { log.append(4) },
            Disposables.create { log.append(5) }, Disposables.create { log.append(6) })
        XCTAssertEqual(composite.count, 6)
        composite.dispose()
        composite.dispose()
        XCTAssertEqual(log, [1, 2, 3, 4, 5, 6])
        XCTAssertTrue(composite.isDisposed)
    }

    func testCreateCompositesDisposeEachOnce() {
        var log: [Int] = []
        let two = Disposables.create(Disposables.create { log.append(1) }, Disposables.create { log.append(2) })
        two.dispose()
        two.dispose()
        let many = Disposables.create(
            Disposables.create { log.append(3) }, Disposables.create { log.append(4) },
            Disposables.create { log.append(5) }, Disposables.create { log.append(6) })
        many.dispose()
        let array = Disposables.create([Disposables.create { log.append(7) }])
        array.dispose()
        Disposables.create().dispose()
        XCTAssertEqual(log, [1, 2, 3, 4, 5, 6, 7])
    }

    func testBooleanDisposable() {
        let disposable = BooleanDisposable()
        XCTAssertFalse(disposable.isDisposed)
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
        XCTAssertTrue(BooleanDisposable(isDisposed: true).isDisposed)
    }

    func testCompositeDisposable() {
        var log: [Int] = []
        let composite = CompositeDisposable()
        let key1 = composite.insert(Disposables.create { log.append(1) })
        _ = composite.insert(Disposables.create { log.append(2) })
        XCTAssertEqual(composite.count, 2)
        composite.remove(for: key1!)
        XCTAssertEqual(log, [1])
        composite.dispose()
        XCTAssertEqual(log, [1, 2])
        XCTAssertTrue(composite.isDisposed)
        XCTAssertNil(composite.insert(Disposables.create { log.append(3) }))
        XCTAssertEqual(log, [1, 2, 3], "inserting into a disposed composite disposes at once")
    }

    func testSerialDisposableDisposesPrevious() {
        var log: [Int] = []
        let serial = SerialDisposable()
        serial.disposable = Disposables.create { log.append(1) }
        serial.disposable = Disposables.create { log.append(2) }
        XCTAssertEqual(log, [1])
        serial.dispose()
        XCTAssertEqual(log, [1, 2])
        serial.disposable = Disposables.create { log.append(3) }
        XCTAssertEqual(log, [1, 2, 3])
    }

    func testSingleAssignmentDisposable() {
        var log: [Int] = []
        let early = SingleAssignmentDisposable()
        early.dispose()
        early.setDisposable(Disposables.create { log.append(1) })
        XCTAssertEqual(log, [1])
        let late = SingleAssignmentDisposable()
        late.setDisposable(Disposables.create { log.append(2) })
        XCTAssertFalse(late.isDisposed)
        late.dispose()
        late.dispose()
        XCTAssertEqual(log, [1, 2])
    }

    func testRefCountDisposable() {
        var disposed = false
        let refCount = RefCountDisposable(disposable: Disposables.create { disposed = true })
        let dependent = refCount.retain()
        refCount.dispose()
        XCTAssertFalse(disposed)
        dependent.dispose()
        XCTAssertTrue(disposed)
        XCTAssertTrue(refCount.isDisposed)
    }

    func testScheduledDisposableDisposesOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: Int?
        let scheduled = ScheduledDisposable(
            scheduler: scheduler, disposable: Disposables.create { disposedAt = scheduler.clock })
        scheduler.scheduleAt(10) { scheduled.dispose() }
        scheduler.start()
        XCTAssertEqual(disposedAt, 11)
        XCTAssertTrue(scheduled.isDisposed)
    }

    func testDisposeBagDisposesOnDeinit() {
        var log: [Int] = []
        var bag: DisposeBag? = DisposeBag()
        Disposables.create { log.append(1) }.disposed(by: bag!)
        bag!.insert(Disposables.create { log.append(2) }, Disposables.create { log.append(3) })
        bag!.insert {
            Disposables.create { log.append(4) }
        }
        XCTAssertEqual(log, [])
        bag = nil
        XCTAssertEqual(log, [1, 2, 3, 4])
        _ = DisposeBag(disposing: Disposables.create { log.append(5) })
        XCTAssertEqual(log, [1, 2, 3, 4, 5])
    }

    func testConcurrentDisposalRunsActionsExactlyOnce() {
        for _ in 0..<200 {
            let count = Atomic<Int>(0)
            // The library's anonymous disposable is `Sendable`; the `Cancelable` it is returned as
            // is not (as in RxSwift), so the test carries it across itself.
            let anonymous = UncheckedSendable(Disposables.create { count.wrappingAdd(1, ordering: .relaxed) })
            let composite = CompositeDisposable()
            let serial = SerialDisposable()
            let single = SingleAssignmentDisposable()
            composite.insert(Disposables.create { count.wrappingAdd(1, ordering: .relaxed) })
            serial.disposable = Disposables.create { count.wrappingAdd(1, ordering: .relaxed) }
            runConcurrently(4) { index in
                anonymous.value.dispose()
                composite.dispose()
                serial.dispose()
                if index == 0 {
                    single.setDisposable(Disposables.create { count.wrappingAdd(1, ordering: .relaxed) })
                } else {
                    single.dispose()
                }
            }
            XCTAssertEqual(count.load(ordering: .relaxed), 4)
        }
    }

    /// The library's disposables and bags are `Sendable`: a subscription reaches another task
    /// through one of them (the `Disposable` protocol is not `Sendable`, as in RxSwift).
    func testTheLibrarysDisposablesAndBagsAreSendable() async {
        let bag = DisposeBag()
        let subject = PublishSubject<Int>()
        let subscription = SerialDisposable()
        subscription.disposable = subject.subscribe(onNext: { _ in })
        await Task.detached {
            subscription.disposed(by: bag)
            subject.onNext(1)
        }.value
        subscription.dispose()
        XCTAssertFalse(subject.hasObservers)
    }
}
