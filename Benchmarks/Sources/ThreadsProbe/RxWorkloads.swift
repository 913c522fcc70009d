// Many threads, one sequence: the Rx side. RxSwift 6's API only, so that this file, beside
// Harness.swift, measures RxSwift 6.10.2 unchanged outside the repository.
import Dispatch
import Foundation
import RxRelay
import RxSwift

/// An `Observable` shared by the threads of a run: every one only subscribes to it, which
/// `share`, `publish().refCount()` and relays allow from any thread.
struct Shared<Element>: @unchecked Sendable {
    // @unchecked Sendable: only `subscribe` is called on `observable` from several threads, and
    // the sequences stored here (share, refCount, a relay) are thread-safe to subscribe to.
    let observable: Observable<Element>
}

/// The workloads, each on one sequence shared by every thread.
let rxWorkloads: [Workload] = [
    // Every thread sends into one subject; one `map` subscriber.
    Workload(name: "subject-send") { _ in
        let subject = PublishSubject<Int>()
        let subscription = subject.map { $0 &+ 1 }.subscribe(onNext: deliver)
        return Run(operation: { _, index in subject.onNext(index) }, finish: { subscription.dispose() })
    },
    // Every thread accepts into one relay with one subscriber.
    Workload(name: "relay-accept") { _ in
        let relay = BehaviorRelay(value: 0)
        let subscription = relay.subscribe(onNext: deliver)
        return Run(operation: { _, index in relay.accept(index) }, finish: { subscription.dispose() })
    },
    // Every thread subscribes to a connected `share(replay: 1)`, receives the replay, disposes.
    Workload(name: "share-replay-churn") { _ in
        let subject = PublishSubject<Int>()
        let shared = Shared(observable: subject.share(replay: 1))
        let keep = shared.observable.subscribe()
        subject.onNext(1)
        return Run(
            operation: { _, _ in shared.observable.subscribe(onNext: deliver).dispose() },
            finish: { keep.dispose() })
    },
    // Every thread subscribes to `publish().refCount()` and disposes: each first subscriber
    // connects, each last one disconnects.
    Workload(name: "refcount-churn") { _ in
        let subject = PublishSubject<Int>()
        let shared = Shared(observable: subject.publish().refCount())
        return Run(operation: { _, _ in shared.observable.subscribe(onNext: deliver).dispose() }, finish: {})
    },
    // Every thread subscribes to one relay (receiving its value) and disposes.
    Workload(name: "relay-churn") { _ in
        let relay = BehaviorRelay(value: 1)
        return Run(operation: { _, _ in relay.subscribe(onNext: deliver).dispose() }, finish: {})
    },
    // Every thread sends into one subject whose `flatMap` subscribes an inner sequence per
    // element, which emits and completes on the sending thread.
    Workload(name: "flatmap-inners") { _ in
        let subject = PublishSubject<Int>()
        let subscription = subject.flatMap { Observable.just($0) }.subscribe(onNext: deliver)
        return Run(operation: { _, index in subject.onNext(index) }, finish: { subscription.dispose() })
    },
    // Every thread sends into one subject observed on a serial dispatch queue; the run ends
    // when the queue has delivered every element.
    Workload(name: "observe-on") { _ in
        let subject = PublishSubject<Int>()
        let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated)
        let subscription = subject.observe(on: scheduler).subscribe(onNext: deliver)
        return Run(
            operation: { _, index in subject.onNext(index) },
            finish: {
                awaitDelivered()
                subscription.dispose()
            })
    },
    // Every thread inserts into one `DisposeBag`, which is then disposed (inside the timed span).
    Workload(name: "dispose-bag") { _ in
        let bag = BagHolder()
        return Run(
            operation: { _, _ in bag.bag.insert(Disposables.create()) },
            finish: { bag.bag = DisposeBag() })
    },
]

/// A `DisposeBag` that every thread of a run inserts into (`insert` is thread-safe), replaced by
/// an empty one at the end, which disposes everything inserted.
final class BagHolder: @unchecked Sendable {
    // @unchecked Sendable: `bag` is replaced only in `finish`, after every thread has ended.
    var bag = DisposeBag()
}
