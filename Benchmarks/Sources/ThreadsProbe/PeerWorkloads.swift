// Many threads, one sequence: the peers. The floor is the same work with nothing but a
// `pthread_mutex_t` around a list of closures, delivered under the lock; OpenCombine 0.14 is
// measured where it has the same operators ("n/a" where it has none).
import Dispatch
import Foundation
@preconcurrency import OpenCombine
import OpenCombineDispatch

/// A value handed to every thread of a run, when its type does not say it is `Sendable`.
struct Unchecked<Value>: @unchecked Sendable {
    // @unchecked Sendable: what is stored here is used from several threads only through
    // operations its library makes thread-safe (sending into a subject, subscribing, cancelling).
    let value: Value
}

/// The floor: closures in a list behind a `pthread_mutex_t` (in its own allocation, so its
/// address is stable), called with the lock held; the latest value replayed to a new one.
final class MutexFloor: @unchecked Sendable {
    // @unchecked Sendable: `handlers`, `latest` and `disposables` are only touched with `mutex`
    // locked.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var handlers: [ObjectIdentifier: (Int) -> Void] = [:]
    private var latest: Int?
    private var disposables: [FloorToken] = []

    init(latest: Int? = nil) {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        self.latest = latest
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func send(_ value: Int) {
        pthread_mutex_lock(mutex)
        latest = value
        for handler in handlers.values { handler(value) }
        pthread_mutex_unlock(mutex)
    }

    func subscribe(_ handler: @escaping (Int) -> Void) -> FloorToken {
        let token = FloorToken()
        pthread_mutex_lock(mutex)
        handlers[ObjectIdentifier(token)] = handler
        if let latest { handler(latest) }
        pthread_mutex_unlock(mutex)
        return token
    }

    func unsubscribe(_ token: FloorToken) {
        pthread_mutex_lock(mutex)
        handlers[ObjectIdentifier(token)] = nil
        pthread_mutex_unlock(mutex)
    }

    func insert(_ token: FloorToken) {
        pthread_mutex_lock(mutex)
        disposables.append(token)
        pthread_mutex_unlock(mutex)
    }

    func disposeAll() {
        pthread_mutex_lock(mutex)
        let all = disposables
        disposables = []
        pthread_mutex_unlock(mutex)
        for token in all { token.dispose() }
    }
}

/// What the floor allocates per subscription or inserted disposable.
final class FloorToken: @unchecked Sendable {
    // @unchecked Sendable: `disposed` is written once, by the one thread that disposes the bag.
    var disposed = false
    func dispose() { disposed = true }
}

let floorWorkloads: [Workload] = [
    Workload(name: "subject-send") { _ in
        let floor = MutexFloor()
        _ = floor.subscribe { deliver($0 &+ 1) }
        return Run(operation: { _, index in floor.send(index) }, finish: {})
    },
    Workload(name: "relay-accept") { _ in
        let floor = MutexFloor(latest: 0)
        _ = floor.subscribe(deliver)
        return Run(operation: { _, index in floor.send(index) }, finish: {})
    },
    Workload(name: "share-replay-churn") { _ in
        let floor = MutexFloor(latest: 1)
        return Run(operation: { _, _ in floor.unsubscribe(floor.subscribe(deliver)) }, finish: {})
    },
    Workload(name: "refcount-churn") { _ in
        let floor = MutexFloor()
        return Run(operation: { _, _ in floor.unsubscribe(floor.subscribe(deliver)) }, finish: {})
    },
    Workload(name: "relay-churn") { _ in
        let floor = MutexFloor(latest: 1)
        return Run(operation: { _, _ in floor.unsubscribe(floor.subscribe(deliver)) }, finish: {})
    },
    Workload(name: "flatmap-inners") { _ in nil },
    Workload(name: "observe-on") { _ in nil },
    Workload(name: "dispose-bag") { _ in
        let floor = MutexFloor()
        return Run(operation: { _, _ in floor.insert(FloorToken()) }, finish: { floor.disposeAll() })
    },
]

let openCombineWorkloads: [Workload] = [
    Workload(name: "subject-send") { _ in
        let subject = Unchecked(value: PassthroughSubject<Int, Never>())
        let subscription = Unchecked(value: subject.value.map { $0 &+ 1 }.sink(receiveValue: deliver))
        return Run(operation: { _, index in subject.value.send(index) }, finish: { subscription.value.cancel() })
    },
    Workload(name: "relay-accept") { _ in
        let subject = Unchecked(value: CurrentValueSubject<Int, Never>(0))
        let subscription = Unchecked(value: subject.value.sink(receiveValue: deliver))
        return Run(operation: { _, index in subject.value.send(index) }, finish: { subscription.value.cancel() })
    },
    Workload(name: "share-replay-churn") { _ in
        let subject = PassthroughSubject<Int, Never>()
        let shared = Unchecked(value: subject.multicast { CurrentValueSubject<Int, Never>(0) })
        let connection = Unchecked(value: shared.value.connect())
        subject.send(1)
        return Run(
            operation: { _, _ in shared.value.sink(receiveValue: deliver).cancel() },
            finish: { connection.value.cancel() })
    },
    Workload(name: "refcount-churn") { _ in
        let shared = Unchecked(value: PassthroughSubject<Int, Never>().share())
        return Run(operation: { _, _ in shared.value.sink(receiveValue: deliver).cancel() }, finish: {})
    },
    Workload(name: "relay-churn") { _ in
        let subject = Unchecked(value: CurrentValueSubject<Int, Never>(1))
        return Run(operation: { _, _ in subject.value.sink(receiveValue: deliver).cancel() }, finish: {})
    },
    Workload(name: "flatmap-inners") { _ in
        let subject = Unchecked(value: PassthroughSubject<Int, Never>())
        let subscription = Unchecked(value: subject.value.flatMap { Just($0) }.sink(receiveValue: deliver))
        return Run(operation: { _, index in subject.value.send(index) }, finish: { subscription.value.cancel() })
    },
    Workload(name: "observe-on") { _ in
        let subject = Unchecked(value: PassthroughSubject<Int, Never>())
        let queue = DispatchQueue(label: "observe-on", qos: .userInitiated)
        let subscription = Unchecked(value: subject.value.receive(on: queue.ocombine).sink(receiveValue: deliver))
        return Run(
            operation: { _, index in subject.value.send(index) },
            finish: {
                awaitDelivered()
                subscription.value.cancel()
            })
    },
    Workload(name: "dispose-bag") { _ in nil },
]
