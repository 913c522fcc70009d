import Foundation
import RxSwift
import Synchronization
import TestSupport
import XCTest

/// Bounded stress on real threads, for ThreadSanitizer (`swift test --sanitize=thread`, run by
/// CI) and for the grammar: every observer sees events one at a time, in order, none after the
/// terminal one, and nothing is lost or delivered twice. Each test is a few hundred
/// milliseconds of contention; the resource counter checks that everything was released.
final class ConcurrencyStressTests: RxTestCase {
    private let rounds = 20

    // MARK: Subjects

    /// `send` and subscribe/dispose on other threads at once, for every kind of subject.
    func testEverySubjectTakesSendsAgainstSubscribeAndDispose() {
        let subjects:
            [(String, () -> (send: @Sendable (Int) -> Void, end: @Sendable () -> Void, source: Observable<Int>))] = [
                (
                    "publish",
                    {
                        let s = PublishSubject<Int>(); return ({ s.onNext($0) }, { s.onCompleted() }, s.asObservable())
                    }
                ),
                (
                    "behavior",
                    {
                        let s = BehaviorSubject(value: -1);
                        return ({ s.onNext($0) }, { s.onCompleted() }, s.asObservable())
                    }
                ),
                (
                    "replay",
                    {
                        let s = ReplaySubject<Int>.create(bufferSize: 3);
                        return ({ s.onNext($0) }, { s.onCompleted() }, s.asObservable())
                    }
                ),
                (
                    "replayAll",
                    {
                        let s = ReplaySubject<Int>.createUnbounded();
                        return ({ s.onNext($0) }, { s.onCompleted() }, s.asObservable())
                    }
                ),
                (
                    "async",
                    {
                        let s = AsyncSubject<Int>(); return ({ s.onNext($0) }, { s.onCompleted() }, s.asObservable())
                    }
                ),
            ]
        for (name, make) in subjects {
            for _ in 0..<rounds {
                let (send, end, observable) = make()
                // Subscribing from several threads is safe; `Observable` is not `Sendable` only
                // because its operators hold plain closures.
                let source = UncheckedSendable(observable)
                let recorders = LockedBox<[SerialRecorder<Int>]>([])
                runConcurrently(3) { thread in
                    switch thread {
                    case 0:
                        for value in 0..<300 { send(value) }
                        end()
                    default:
                        subscribeAndDisposeRepeatedly(source.value, count: 30, into: recorders)
                    }
                }
                for recorder in recorders.value {
                    XCTAssertFalse(recorder.overlapped, "\(name): overlapping or late delivery")
                    let values = recorder.elements.filter { $0 >= 0 }
                    XCTAssertEqual(values, values.sorted(), "\(name): out of order")
                    XCTAssertEqual(Set(values).count, values.count, "\(name): delivered twice")
                    XCTAssertLessThanOrEqual(recorder.terminals.count, 1, name)
                }
            }
        }
    }

    // MARK: Operators with several sources

    /// Two threads feed the sources of each multi-source operator; the result is delivered
    /// serially and ends once.
    func testMultiSourceOperatorsWithConcurrentSources() {
        typealias Combine = (Observable<Int>, Observable<Int>) -> Observable<Int>
        let operators: [(String, Combine)] = [
            ("merge", { Observable.merge($0, $1) }),
            ("combineLatest", { Observable.combineLatest($0, $1) { $0 + $1 } }),
            ("zip", { Observable.zip($0, $1) { $0 + $1 } }),
            ("combineLatest of a collection", { Observable.combineLatest([$0, $1]) { $0.reduce(0, +) } }),
            ("zip of a collection", { Observable.zip([$0, $1]) { $0.reduce(0, +) } }),
            ("withLatestFrom", { $0.withLatestFrom($1) { $0 + $1 } }),
            ("amb", { $0.amb($1) }),
            ("switchLatest", { first, second in first.map { _ in second }.switchLatest() }),
            ("flatMap", { first, second in first.flatMap { _ in second.take(2) } }),
        ]
        for (name, combine) in operators {
            for _ in 0..<rounds {
                let first = PublishSubject<Int>()
                let second = PublishSubject<Int>()
                let recorder = SerialRecorder<Int>()
                let subscription = combine(first, second).subscribe(recorder)
                runConcurrently(2) { thread in
                    let subject = thread == 0 ? first : second
                    for value in 0..<300 { subject.onNext(value) }
                    subject.onCompleted()
                }
                XCTAssertFalse(recorder.overlapped, "\(name): overlapping or late delivery")
                XCTAssertLessThanOrEqual(recorder.terminals.count, 1, name)
                subscription.dispose()
            }
        }
    }

    // MARK: Timed operators

    /// Two threads send into each timed operator while its timers fire on a dispatch queue: the
    /// result is delivered one event at a time, ends once (with completion), delivers nothing
    /// twice and keeps each sender's order.
    func testTimedOperatorsWithConcurrentSendersAndTheirTimers() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let millisecond = RxTimeInterval.milliseconds(1)
        let operators: [(String, (Observable<Int>) -> Observable<Int>)] = [
            ("debounce", { $0.debounce(millisecond, scheduler: scheduler) }),
            ("throttle", { $0.throttle(millisecond, scheduler: scheduler) }),
            ("throttle(latest: false)", { $0.throttle(millisecond, latest: false, scheduler: scheduler) }),
            ("delay", { $0.delay(millisecond, scheduler: scheduler) }),
            ("timeout", { $0.timeout(.seconds(5), scheduler: scheduler) }),
            (
                "buffer",
                { $0.buffer(timeSpan: millisecond, count: 7, scheduler: scheduler).flatMap { Observable.from($0) } }
            ),
            ("window", { $0.window(timeSpan: millisecond, count: 7, scheduler: scheduler).flatMap { $0 } }),
            ("sample", { $0.sample(Observable<Int>.interval(millisecond, scheduler: scheduler)) }),
            ("take(for:)", { $0.take(for: .seconds(5), scheduler: scheduler) }),
            ("skip(for:)", { $0.skip(for: millisecond, scheduler: scheduler) }),
            ("delaySubscription", { $0.delaySubscription(millisecond, scheduler: scheduler) }),
        ]
        for (name, makeOperator) in operators {
            for _ in 0..<5 {
                let subject = PublishSubject<Int>()
                let recorder = SerialRecorder<Int>()
                let subscription = makeOperator(subject.asObservable()).subscribe(recorder)
                runConcurrently(2) { thread in
                    for value in 0..<300 { subject.onNext(thread * 1_000 + value) }
                }
                subject.onCompleted()
                XCTAssertTrue(waitUntil { !recorder.terminals.isEmpty }, "\(name): no terminal event")
                XCTAssertEqual(recorder.terminals, ["completed"], name)
                XCTAssertFalse(recorder.overlapped, "\(name): overlapping or late delivery")
                let elements = recorder.elements
                XCTAssertEqual(Set(elements).count, elements.count, "\(name): an element delivered twice")
                for thread in 0..<2 {
                    let sent = elements.filter { $0 / 1_000 == thread }
                    XCTAssertEqual(sent, sent.sorted(), "\(name): sender \(thread)'s order")
                }
                subscription.dispose()
            }
        }
    }

    /// Disposing while two threads send into merge and combineLatest: nothing is delivered after
    /// the disposal returns.
    func testDisposingMultiSourceOperatorsWhileSourcesSend() {
        for _ in 0..<rounds {
            let first = PublishSubject<Int>()
            let second = PublishSubject<Int>()
            let disposed = Atomic<Bool>(false)
            let late = Atomic<Int>(0)
            let sent = Atomic<Int>(0)
            // `Disposable` is not `Sendable` (as in RxSwift); the library's own containers are.
            let subscription = CompositeDisposable(
                disposables: [
                    Observable.merge(first, Observable.combineLatest(first, second) { $0 + $1 })
                        .subscribe(onNext: { _ in
                            if disposed.load(ordering: .acquiring) { late.add(1, ordering: .relaxed) }
                        })
                ])
            runConcurrently(3) { thread in
                switch thread {
                case 0:
                    for value in 0..<500 {
                        first.onNext(value)
                        sent.add(1, ordering: .relaxed)
                    }
                case 1:
                    for value in 0..<500 {
                        second.onNext(value)
                        sent.add(1, ordering: .relaxed)
                    }
                default:
                    // Dispose while both sources are sending.
                    waitUntil { sent.load(ordering: .relaxed) >= 100 }
                    subscription.dispose()
                    disposed.store(true, ordering: .releasing)
                }
            }
            // A delivery already under way when `dispose` returned may finish; none may start.
            XCTAssertLessThanOrEqual(late.load(ordering: .relaxed), 2)
        }
    }

    // MARK: Schedulers

    func testObserveOnAndSubscribeOnWithConcurrentDispose() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let concurrent = ConcurrentDispatchQueueScheduler(qos: .default)
        for _ in 0..<rounds {
            let subject = PublishSubject<Int>()
            let recorders = [SerialRecorder<Int>(), SerialRecorder<Int>()]
            let subscriptions = CompositeDisposable(
                subject.observe(on: scheduler).subscribe(recorders[0]),
                subject.subscribe(on: concurrent).observe(on: concurrent).subscribe(recorders[1]))
            let sent = Atomic<Int>(0)
            runConcurrently(2) { thread in
                if thread == 0 {
                    for value in 0..<300 {
                        subject.onNext(value)
                        sent.add(1, ordering: .relaxed)
                    }
                } else {
                    // Dispose while events are being scheduled.
                    waitUntil { sent.load(ordering: .relaxed) >= 50 }
                    subscriptions.dispose()
                }
            }
            // A delivery already under way on a scheduler's thread when `dispose` returned may
            // still finish as this reads: the elements are read once (two reads could see it
            // land in between).
            for recorder in recorders {
                XCTAssertFalse(recorder.overlapped)
                let elements = recorder.elements
                XCTAssertEqual(elements, elements.sorted())
            }
        }
    }

    // MARK: Sharing

    /// Subscribers come and go on three threads while a fourth sends: share, refCount and
    /// publish connect and disconnect without a race, and each subscriber sees its elements in
    /// order.
    func testShareRefCountAndPublishConnectAndDisconnectRaces() {
        for makeShared in [
            { (source: Observable<Int>) in source.share() },
            { (source: Observable<Int>) in source.share(replay: 1) },
            { (source: Observable<Int>) in source.publish().refCount() },
            { (source: Observable<Int>) in source.replay(2).refCount() },
        ] {
            for _ in 0..<rounds {
                let subject = PublishSubject<Int>()
                let shared = UncheckedSendable(makeShared(subject.asObservable()))
                let recorders = LockedBox<[SerialRecorder<Int>]>([])
                runConcurrently(4) { thread in
                    if thread == 0 {
                        for value in 0..<300 { subject.onNext(value) }
                        return
                    }
                    for _ in 0..<20 {
                        let recorder = SerialRecorder<Int>()
                        recorders.mutate { $0.append(recorder) }
                        shared.value.subscribe(recorder).dispose()
                    }
                }
                for recorder in recorders.value {
                    XCTAssertFalse(recorder.overlapped)
                    let elements = recorder.elements
                    XCTAssertEqual(elements, elements.sorted())
                }
                XCTAssertFalse(subject.hasObservers, "the last disposal disconnected")
            }
        }
    }

    func testConnectAndDisposeTheConnectionConcurrently() {
        for _ in 0..<rounds {
            let subject = PublishSubject<Int>()
            let published = UncheckedSendable(subject.publish())
            let recorder = SerialRecorder<Int>()
            let subscription = published.value.subscribe(recorder)
            runConcurrently(3) { thread in
                if thread == 0 {
                    for value in 0..<300 { subject.onNext(value) }
                } else {
                    for _ in 0..<20 {
                        published.value.connect().dispose()
                    }
                }
            }
            XCTAssertFalse(recorder.overlapped)
            let elements = recorder.elements
            XCTAssertEqual(elements, elements.sorted())
            XCTAssertFalse(subject.hasObservers)
            subscription.dispose()
        }
    }

    // MARK: Disposables

    /// Inserting into a DisposeBag or CompositeDisposable while another thread disposes it:
    /// every disposable is disposed exactly once, either by the container or at insertion.
    func testContainersInsertAgainstDispose() {
        for _ in 0..<rounds {
            let composite = CompositeDisposable()
            let bag = LockedBox<DisposeBag?>(DisposeBag())
            let counts = LockedBox<[Int]>(Array(repeating: 0, count: 400))
            let inserted = Atomic<Int>(0)
            runConcurrently(3) { thread in
                switch thread {
                case 0:
                    for index in 0..<200 {
                        _ = composite.insert(Disposables.create { counts.mutate { $0[index] += 1 } })
                        inserted.add(1, ordering: .relaxed)
                    }
                case 1:
                    for index in 200..<400 {
                        let disposable = Disposables.create { counts.mutate { $0[index] += 1 } }
                        if let current = bag.value { disposable.disposed(by: current) } else { disposable.dispose() }
                        inserted.add(1, ordering: .relaxed)
                    }
                default:
                    // Dispose while both threads are inserting.
                    waitUntil { inserted.load(ordering: .relaxed) >= 40 }
                    composite.dispose()
                    bag.mutate { $0 = nil }
                }
            }
            XCTAssertEqual(counts.value, Array(repeating: 1, count: 400), "disposed exactly once each")
        }
    }

    /// Eight threads inserting into one bag at once: released, the bag disposes every disposable
    /// once, each thread's in the order that thread added them.
    func testABagFilledFromManyThreadsDisposesEachOnceInTheOrderEachThreadAdded() {
        for _ in 0..<rounds {
            let bag = LockedBox<DisposeBag?>(DisposeBag())
            let log = LockedBox<[Int]>([])
            runConcurrently(8) { thread in
                let current = bag.value!
                for index in 0..<250 {
                    let value = thread * 1_000 + index
                    current.insert(Disposables.create { log.mutate { $0.append(value) } })
                }
            }
            XCTAssertEqual(log.value, [])
            bag.mutate { $0 = nil }
            XCTAssertEqual(log.value.count, 2_000)
            for thread in 0..<8 {
                let own = log.value.filter { $0 / 1_000 == thread }
                XCTAssertEqual(own, (0..<250).map { thread * 1_000 + $0 }, "thread \(thread)")
            }
        }
    }
}
