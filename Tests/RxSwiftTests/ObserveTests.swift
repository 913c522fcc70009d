import Foundation
import Observation
import RxSwift
import RxTest
import Synchronization
import TestSupport
import XCTest

/// A main-actor model, as an app writes one.
@MainActor @Observable
final class ProfileModel {
    var name = ""
    var age = 0
    /// How many times `name` was read (not observed).
    @ObservationIgnored var reads = 0

    var observedName: String {
        reads += 1
        return name
    }
}

/// A model of no actor that may be read and changed from any thread: its storage is a `Mutex`.
final class SharedCounter: Observation.Observable, Sendable {
    private let registrar = ObservationRegistrar()
    private let storage = Mutex(0)

    var value: Int {
        get {
            registrar.access(self, keyPath: \.value)
            return storage.withLock { $0 }
        }
        set {
            registrar.withMutation(of: self, keyPath: \.value) { storage.withLock { $0 = newValue } }
        }
    }
}

/// An actor that owns a model and observes it from its own code.
actor ProfileStore {
    private let model = Counted()
    private var bag: DisposeBag? = DisposeBag()
    private(set) var seen: [Int] = []

    @Observable
    final class Counted {
        var count = 0
    }

    func start() {
        guard let bag else { return }
        Observable.observe {
            self.preconditionIsolated("the closure of an actor's code reads on the actor")
            return self.model.count
        }
        .subscribe(onNext: { self.seen.append($0) })
        .disposed(by: bag)
    }

    func increment(times: Int) {
        for _ in 0..<times { model.count += 1 }
    }

    func stop() {
        bag = nil
    }
}

final class ObserveTests: RxTestCase {
    @MainActor
    func testMarbles_ChangesAreReadAtTheirVirtualTimeAndChangesMadeTogetherGiveOneElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = ProfileModel()
        let names = scheduler.createObserver(String.self)
        var subscription: Disposable?
        scheduler.scheduleAt(50) {
            subscription = Observable.observe(scheduler: scheduler) { model.name }.subscribe(names)
        }
        scheduler.scheduleAt(100) { model.name = "Ada" }
        scheduler.scheduleAt(200) {
            model.name = "Bo"
            model.name = "Cy"
        }
        scheduler.scheduleAt(300) { model.age = 36 } // not read: nothing
        scheduler.scheduleAt(400) { model.name = "Cy" } // the same value: @Observable tells nothing
        scheduler.scheduleAt(450) { model.name = "Ed" }
        scheduler.scheduleAt(500) { subscription?.dispose() }
        scheduler.scheduleAt(600) { model.name = "Di" }
        scheduler.start()

        // Read one tick after the change, as `observe(on:)` a TestScheduler delivers.
        XCTAssertEqual(names.events, [.next(50, ""), .next(101, "Ada"), .next(201, "Cy"), .next(451, "Ed")])
        XCTAssertEqual(model.name, "Di")
    }

    @MainActor
    func testMarbles_DistinctUntilChangedDropsTheRepeats() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = ProfileModel()
        scheduler.scheduleAt(210) { model.name = "Ada" }
        scheduler.scheduleAt(220) { model.name = "Bob" } // the same length: read, then dropped
        scheduler.scheduleAt(230) { model.name = "Cyd" }
        scheduler.scheduleAt(240) { model.name = "Dora" }
        let lengths = scheduler.start {
            Observable.observe(scheduler: scheduler) { model.name.count }.distinctUntilChanged()
        }
        XCTAssertEqual(lengths.events, [.next(200, 0), .next(211, 3), .next(241, 4)])
    }

    @MainActor
    func testMarbles_ReadsEveryPropertyTheLastReadTouched() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = ProfileModel()
        scheduler.scheduleAt(210) { model.age = 1 } // not read yet: `name` is empty
        scheduler.scheduleAt(220) { model.name = "Ada" }
        scheduler.scheduleAt(230) { model.age = 2 } // read now
        let summaries = scheduler.start {
            Observable.observe(scheduler: scheduler) { model.name.isEmpty ? "nobody" : "\(model.name), \(model.age)" }
        }
        XCTAssertEqual(summaries.events, [.next(200, "nobody"), .next(221, "Ada, 1"), .next(231, "Ada, 2")])
    }

    @MainActor
    func testOnTheMainActorTheFirstValueIsSynchronousAndChangesAreReadOnMainAfterTheTurn() async {
        let model = ProfileModel()
        model.name = "Ada"
        var received: [String] = []
        var onMain: [Bool] = []
        let subscription = Observable.observe { model.name }
            .subscribe(onNext: {
                received.append($0)
                onMain.append(Thread.isMainThread)
            })
        XCTAssertEqual(received, ["Ada"], "the current value, at once")
        model.name = "Bo"
        model.name = "Cy"
        XCTAssertEqual(received, ["Ada"], "read after the turn that made the changes, not during it")
        let arrived = await eventually { received.count == 2 }
        XCTAssertTrue(arrived)
        XCTAssertEqual(received, ["Ada", "Cy"])
        XCTAssertEqual(onMain, [true, true])
        subscription.dispose()
    }

    @MainActor
    func testDisposalStopsReadingAtOnce() async {
        let model = ProfileModel()
        var received: [String] = []
        let subscription = Observable.observe { model.observedName }.subscribe(onNext: { received.append($0) })
        model.name = "Ada"
        subscription.dispose() // before the read of "Ada" runs
        let readsAtDisposal = model.reads
        model.name = "Bo"
        // Had either change been tracked still, its read would have been queued before this turn.
        await nextTurnOfTheMainQueue()
        XCTAssertEqual(model.reads, readsAtDisposal)
        XCTAssertEqual(received, [""])
        XCTAssertEqual(model.reads, 1)
    }

    @MainActor
    func testTheSubscriptionKeepsTheModelOnlyUntilDisposedAndTheModelNeverKeepsTheSubscription() async {
        weak var weakModel: ProfileModel?
        var subscription: Disposable?
        do {
            let model = ProfileModel()
            weakModel = model
            subscription = Observable.observe { model.name }.subscribe()
            model.name = "Ada" // leaves a tracking entry in the model: it must not hold the sink
        }
        XCTAssertNotNil(weakModel, "the subscription holds `read`, which holds the model")
        subscription?.dispose()
        subscription = nil
        await nextTurnOfTheMainQueue() // the read the change had queued lets go of it
        XCTAssertNil(weakModel, "disposed, nothing holds the model")
    }

    @MainActor
    func testAnEndedSubscriptionIsReleasedAlthoughTheModelStaysAndNeverChanges() {
        let model = ProfileModel()
        weak var weakSink: AnyObject?
        do {
            let subscription = Observable.observe { model.name }.subscribe()
            weakSink = subscription as AnyObject
            subscription.dispose()
        }
        XCTAssertNil(weakSink, "the model's tracking entry holds the subscription weakly")
        // RxTestCase checks Resources.total is back to its start.
    }

    @MainActor
    func testTakeOneDisposesDuringTheFirstElementAndReadsNoMore() async {
        let model = ProfileModel()
        var received: [String] = []
        _ = Observable.observe { model.observedName }.take(1).subscribe(onNext: { received.append($0) })
        model.name = "Ada"
        await nextTurnOfTheMainQueue()
        XCTAssertEqual(model.reads, 1)
        XCTAssertEqual(received, [""])
    }

    func testInAnActorsCodeItReadsOnTheActor() async {
        let store = ProfileStore()
        // Counts the stages this test makes, to see the subscription gone after `stop()`.
        let scope = ResourceScope()
        await ResourceScope.$current.withValue(scope) {
            await store.start() // subscribed in a later job of the actor
        }
        _ = await eventually(reading: { await store.seen }, until: { !$0.isEmpty })
        await store.increment(times: 3)
        let seen = await eventually(reading: { await store.seen }, until: { $0.last == 3 })
        XCTAssertEqual(seen.first, 0)
        XCTAssertEqual(seen.last, 3)
        XCTAssertEqual(seen, seen.sorted(), "in order")
        XCTAssertLessThanOrEqual(seen.count, 2, "three changes in one job of the actor: one read")
        await store.stop()
        #if DEBUG
        // Disposed on the actor in a later job; once every stage is gone no read can be made
        // (the model's tracking holds the subscription weakly), whatever changes come.
        let released = await eventually { scope.live == 0 }
        XCTAssertTrue(released, "the subscription was released: \(scope.liveTypes)")
        #endif
        await store.increment(times: 1)
        let after = await store.seen
        XCTAssertEqual(after.last, 3, "nothing after disposal")
    }

    func testAClosureOfNoActorFailsAtOnceWithAnErrorThatSaysWhatToDo() {
        let counter = SharedCounter()
        var error: Error?
        _ = Observable.observe { counter.value }.subscribe(onError: { error = $0 })
        XCTAssertEqual(error as? ObservationError, .closureOfNoActor)
        XCTAssertTrue("\(error!)".contains("observe(scheduler:_:)"))
    }

    func testWithASchedulerAClosureOfNoActorReadsThereAfterEachChangeMadeThere() {
        let scheduler = TestScheduler(initialClock: 0)
        let counter = SharedCounter()
        scheduler.scheduleAt(210) { counter.value = 1 }
        scheduler.scheduleAt(220) {
            counter.value = 2
            counter.value = 3
        }
        let values = scheduler.start { Observable.observe(scheduler: scheduler) { counter.value } }
        XCTAssertEqual(values.events, [.next(200, 0), .next(211, 1), .next(221, 3)])
    }

    func testWithASerialQueueSchedulerChangesMadeOnTheQueueAreReadThereInOrder() async {
        let queue = DispatchQueue(label: "model")
        let scheduler = SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "model.rx")
        let counter = SharedCounter()
        let received = LockedBox<[Int]>([])
        let onQueue = LockedBox<[Bool]>([])
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let subscription = SerialDisposable()
        queue.sync {
            subscription.disposable = Observable.observe(scheduler: scheduler) { counter.value }
                .subscribe(onNext: { value in
                    received.mutate { $0.append(value) }
                    onQueue.mutate { $0.append(DispatchQueue.getSpecific(key: key) == true) }
                })
        }
        for value in 1...50 {
            queue.async { counter.value = value }
        }
        let last = await eventually { received.value.last == 50 }
        XCTAssertTrue(last, "\(received.value.suffix(3))")
        XCTAssertEqual(received.value, received.value.sorted())
        XCTAssertEqual(Set(onQueue.value), [true])
        queue.sync { subscription.dispose() }
    }
}

/// Returns after the blocks queued on the main queue so far have run (reads after a change of a
/// main-actor model are such blocks).
@MainActor
func nextTurnOfTheMainQueue() async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { done.resume() }
    }
}
