import Foundation
import RxCocoa
import RxSwift
import TestSupport

/// A seeded generator (SplitMix64): the same seed gives the same pipelines on every machine.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var x = state
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 31)
    }
}

/// Where a source answers or an operator hops: each is a real thread or pool of threads.
enum Place: String, CaseIterable, Sendable {
    case serial, concurrent, operationQueue, main

    /// The schedulers are made once and shared by every run, as an app shares them.
    private static let serialScheduler = SerialDispatchQueueScheduler(qos: .default)
    private static let concurrentScheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    private static let operationScheduler: OperationQueueScheduler = {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 4
        return OperationQueueScheduler(operationQueue: queue)
    }()

    var immediate: ImmediateSchedulerType {
        switch self {
        case .serial: Self.serialScheduler
        case .concurrent: Self.concurrentScheduler
        case .operationQueue: Self.operationScheduler
        case .main: MainScheduler.instance
        }
    }

    /// A scheduler with a clock, for timers (an operation queue has none: the concurrent one).
    var timed: SchedulerType {
        switch self {
        case .serial: Self.serialScheduler
        case .concurrent, .operationQueue: Self.concurrentScheduler
        case .main: MainScheduler.instance
        }
    }

    var code: String {
        switch self {
        case .serial: "serial"
        case .concurrent: "concurrent"
        case .operationQueue: "operationQueue"
        case .main: "MainScheduler.instance"
        }
    }
}

/// What a pipeline's elements are known to be, whatever the timing: how the recorded elements
/// are compared with the model's.
enum Shape: String, Sendable {
    /// Exactly these, in this order.
    case exact
    /// A prefix of these (an error may cut the rest).
    case prefix
    /// These in this order, some perhaps missing (debounce, throttle).
    case subsequence
    /// Exactly these, in any order (flatMap, merge).
    case multiset
    /// Some of these, in any order.
    case subMultiset

    var isOrdered: Bool { self == .exact || self == .prefix || self == .subsequence }

    /// The shape once some elements may be lost (an error that cuts what was in flight).
    var cut: Shape {
        switch self {
        case .exact, .prefix: .prefix
        case .subsequence: .subsequence
        case .multiset, .subMultiset: .subMultiset
        }
    }

    /// The shape once the order is lost.
    var unordered: Shape {
        switch self {
        case .exact, .multiset: .multiset
        case .prefix, .subsequence, .subMultiset: .subMultiset
        }
    }
}

/// The terminal event a pipeline must end with.
enum Terminal: String, Sendable {
    case completed, error, either
}

/// The plain-Swift model of a pipeline's answer.
struct Model: Sendable {
    var elements: [Int]
    var shape: Shape
    var terminal: Terminal
    /// Whether the sequence is shared (`share()`): a second subscription made while the first
    /// runs joins it midway, so subscribing twice (`zip` with itself) has no defined answer.
    var hot = false

    /// Whether `actual` fits the model; otherwise what is wrong.
    func mismatch(_ actual: [Int]) -> String? {
        switch shape {
        case .exact:
            return actual == elements ? nil : "expected exactly \(elements)"
        case .prefix:
            return actual.count <= elements.count && Array(elements.prefix(actual.count)) == actual
                ? nil : "expected a prefix of \(elements)"
        case .subsequence:
            var remaining = elements[...]
            for element in actual {
                guard let index = remaining.firstIndex(of: element) else {
                    return "expected a subsequence of \(elements)"
                }
                remaining = remaining[(index + 1)...]
            }
            return nil
        case .multiset:
            return actual.sorted() == elements.sorted() ? nil : "expected \(elements.sorted()) in any order"
        case .subMultiset:
            var counts: [Int: Int] = [:]
            for element in elements { counts[element, default: 0] += 1 }
            for element in actual {
                counts[element, default: 0] -= 1
                if counts[element]! < 0 { return "expected some of \(elements.sorted()) in any order" }
            }
            return nil
        }
    }
}

/// An inner sequence made of each element by flatMap, concatMap, merge and the switch family.
enum Inner: Sendable, CustomStringConvertible {
    /// `just(v)`: delivered at once (a fast path of its own).
    case just
    /// `of(v, v + 1000).subscribe(on:)`.
    case pair(Place)
    /// `just(v).observe(on:)`.
    case observed(Place)
    /// `just(v).delay(µs, scheduler:)`.
    case delayed(Place, Int)
    /// `just(v).delaySubscription(µs, scheduler:)`.
    case delayedSubscription(Place, Int)
    /// `create` answering `v` from a global queue.
    case created
    /// `empty()`.
    case empty

    func make(_ value: Int) -> Observable<Int> {
        switch self {
        case .just: .just(value)
        case .pair(let place): Observable.of(value, value + 1000).subscribe(on: place.immediate)
        case .observed(let place): Observable.just(value).observe(on: place.immediate)
        case .delayed(let place, let micro): Observable.just(value).delay(.microseconds(micro), scheduler: place.timed)
        case .delayedSubscription(let place, let micro):
            Observable.just(value).delaySubscription(.microseconds(micro), scheduler: place.timed)
        case .created: answeringFromAGlobalQueue([value])
        case .empty: .empty()
        }
    }

    func model(_ value: Int) -> [Int] {
        switch self {
        case .pair: [value, value + 1000]
        case .empty: []
        default: [value]
        }
    }

    var description: String {
        switch self {
        case .just: "just(v)"
        case .pair(let place): "of(v, v + 1000).subscribe(on: \(place.code))"
        case .observed(let place): "just(v).observe(on: \(place.code))"
        case .delayed(let place, let micro): "just(v).delay(.microseconds(\(micro)), scheduler: \(place.code))"
        case .delayedSubscription(let place, let micro):
            "just(v).delaySubscription(.microseconds(\(micro)), scheduler: \(place.code))"
        case .created: "create { answers v from a global queue }"
        case .empty: "empty()"
        }
    }

    static func random(using random: inout SeededRandom) -> Inner {
        let place = Place.allCases.randomElement(using: &random)!
        let micro = Int.random(in: 0...200, using: &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return .just
        case 1: return .pair(place)
        case 2: return .observed(place)
        case 3: return .delayed(place, micro)
        case 4: return .delayedSubscription(place, micro)
        case 5: return .created
        default: return .empty
        }
    }
}

/// `create` sending `values` and completing from a global dispatch queue.
func answeringFromAGlobalQueue(_ values: [Int], failing: Bool = false) -> Observable<Int> {
    Observable.create { observer in
        let cancelled = LockedBox(false)
        DispatchQueue.global().async {
            for value in values where !cancelled.value { observer.onNext(value) }
            if failing { observer.onError(TestError.test) } else { observer.onCompleted() }
        }
        return Disposables.create { cancelled.mutate { $0 = true } }
    }
}

/// `create` with a Dispatch timer that sends 0, 1, 2, … every `micro` µs from a global queue,
/// stopped only by the disposable `create` returns: a subscription that is never disposed keeps
/// the timer, and the objects its closure holds, alive (the engine's own timers also stop once
/// their receiver has ended; this one does not).
func tickingFromATimer(every micro: Int) -> Observable<Int> {
    Observable.create { observer in
        let timer = DispatchSource.makeTimerSource(queue: .global())
        let next = LockedBox(0)
        timer.schedule(
            deadline: .now() + .microseconds(micro), repeating: .microseconds(micro), leeway: .nanoseconds(0))
        timer.setEventHandler {
            var value = 0
            next.mutate { count in
                value = count
                count += 1
            }
            observer.onNext(value)
        }
        timer.resume()
        return Disposables.create { timer.cancel() }
    }
}

/// A subject fed by two threads at once, their sends serialised by a lock (as the Rx grammar
/// asks of a subject's senders): each value goes out from whichever thread takes it first.
func subjectFedFromTwoThreads(_ values: [Int], failing: Bool) -> Observable<Int> {
    Observable.deferred {
        let subject = PublishSubject<Int>()
        let next = LockedBox(0)
        let feed: @Sendable () -> Void = {
            while true {
                var done = false
                next.mutate { index in
                    if index < values.count {
                        subject.onNext(values[index])
                        index += 1
                    } else if index == values.count {
                        if failing { subject.onError(TestError.test) } else { subject.onCompleted() }
                        index += 1
                    } else {
                        done = true
                    }
                }
                if done { return }
            }
        }
        return subject.do(onSubscribed: {
            DispatchQueue.global().async(execute: feed)
            DispatchQueue.global().async(execute: feed)
        })
    }
}

/// The first stage of a pipeline: a source that answers on other threads.
enum Source: Sendable, CustomStringConvertible {
    /// `just(v)`: delivered at once, to closures without an observer (a fast path of its own).
    case just(Int)
    case from([Int], Place, failing: Bool)
    case subscribedOn([Int], Place, failing: Bool)
    case observedOn([Int], Place, failing: Bool)
    case created([Int], failing: Bool)
    case delayed([Int], Place, Int, failing: Bool)
    case subject([Int], failing: Bool)
    /// Timers that must keep firing: `never().buffer(timeSpan:count:)` … `.take(n)`.
    case bufferTicks(Place, Int, count: Int)
    /// `never().window(timeSpan:count:)` … `.take(n)`, each window mapped to 0.
    case windowTicks(Place, Int, count: Int)
    /// `never().timeout(µs, scheduler:)`: fails with a timeout.
    case timeout(Place, Int)
    /// `tickingFromATimer(every: µs).take(1)`: its first tick, from a global queue, ends it
    /// there, and only disposal stops the timer (a subscription kept after disposal keeps it
    /// firing, and its objects alive).
    case firstTick(Place, Int)
    /// `from(values).debounce(µs, scheduler:)`.
    case debounced([Int], Place, Int)
    /// `from(values).throttle(µs, scheduler:)`.
    case throttled([Int], Place, Int)

    func make() -> Observable<Int> {
        func ending(_ source: Observable<Int>, _ failing: Bool) -> Observable<Int> {
            failing ? source.concat(Observable.error(TestError.test)) : source
        }
        switch self {
        case .just(let value):
            return .just(value)
        case .from(let values, let place, let failing):
            return ending(Observable.from(values, scheduler: place.immediate), failing)
        case .subscribedOn(let values, let place, let failing):
            return ending(Observable.from(values), failing).subscribe(on: place.immediate)
        case .observedOn(let values, let place, let failing):
            return ending(Observable.from(values), failing).observe(on: place.immediate)
        case .created(let values, let failing):
            return answeringFromAGlobalQueue(values, failing: failing)
        case .delayed(let values, let place, let micro, let failing):
            return ending(Observable.from(values), failing).delay(.microseconds(micro), scheduler: place.timed)
        case .subject(let values, let failing):
            return subjectFedFromTwoThreads(values, failing: failing)
        case .bufferTicks(let place, let micro, let count):
            return Observable<Int>.never()
                .buffer(timeSpan: .microseconds(micro), count: 1_000_000, scheduler: place.timed)
                .take(count).map { $0.count }
        case .windowTicks(let place, let micro, let count):
            return Observable<Int>.never()
                .window(timeSpan: .microseconds(micro), count: 1_000_000, scheduler: place.timed)
                .take(count).map { _ in 0 }
        case .timeout(let place, let micro):
            return Observable<Int>.never().timeout(.microseconds(micro), scheduler: place.timed)
        case .firstTick(_, let micro):
            return tickingFromATimer(every: micro).take(1)
        case .debounced(let values, let place, let micro):
            return Observable.from(values, scheduler: place.immediate)
                .debounce(.microseconds(micro), scheduler: place.timed)
        case .throttled(let values, let place, let micro):
            return Observable.from(values, scheduler: place.immediate)
                .throttle(.microseconds(micro), scheduler: place.timed)
        }
    }

    var model: Model {
        switch self {
        case .just(let value):
            return Model(elements: [value], shape: .exact, terminal: .completed)
        case .from(let values, _, let failing), .subscribedOn(let values, _, let failing),
            .observedOn(let values, _, let failing), .created(let values, let failing),
            .subject(let values, let failing):
            return Model(elements: values, shape: .exact, terminal: failing ? .error : .completed)
        case .delayed(let values, _, _, let failing):
            // `delay` forwards an error at once, dropping what still waits.
            return Model(elements: values, shape: failing ? .prefix : .exact, terminal: failing ? .error : .completed)
        case .bufferTicks(_, _, let count), .windowTicks(_, _, let count):
            return Model(elements: Array(repeating: 0, count: count), shape: .exact, terminal: .completed)
        case .timeout:
            return Model(elements: [], shape: .exact, terminal: .error)
        case .firstTick:
            return Model(elements: [0], shape: .exact, terminal: .completed)
        case .debounced(let values, _, _), .throttled(let values, _, _):
            return Model(elements: values, shape: .subsequence, terminal: .completed)
        }
    }

    /// The same source with fewer elements (for shrinking), or nil.
    var shorter: Source? {
        func half(_ values: [Int]) -> [Int]? { values.isEmpty ? nil : Array(values.prefix(values.count / 2)) }
        switch self {
        case .from(let values, let place, let failing): return half(values).map { .from($0, place, failing: failing) }
        case .subscribedOn(let values, let place, let failing):
            return half(values).map { .subscribedOn($0, place, failing: failing) }
        case .observedOn(let values, let place, let failing):
            return half(values).map { .observedOn($0, place, failing: failing) }
        case .created(let values, let failing): return half(values).map { .created($0, failing: failing) }
        case .delayed(let values, let place, let micro, let failing):
            return half(values).map { .delayed($0, place, micro, failing: failing) }
        case .subject(let values, let failing): return half(values).map { .subject($0, failing: failing) }
        case .bufferTicks(let place, let micro, let count):
            return count > 1 ? .bufferTicks(place, micro, count: count / 2) : nil
        case .windowTicks(let place, let micro, let count):
            return count > 1 ? .windowTicks(place, micro, count: count / 2) : nil
        case .debounced(let values, let place, let micro): return half(values).map { .debounced($0, place, micro) }
        case .throttled(let values, let place, let micro): return half(values).map { .throttled($0, place, micro) }
        case .timeout, .just, .firstTick: return nil
        }
    }

    var description: String {
        func end(_ failing: Bool) -> String { failing ? ".concat(error(TestError.test))" : "" }
        switch self {
        case .just(let value):
            return "Observable.just(\(value))"
        case .from(let values, let place, let failing):
            return "Observable.from(\(values), scheduler: \(place.code))\(end(failing))"
        case .subscribedOn(let values, let place, let failing):
            return "Observable.from(\(values))\(end(failing)).subscribe(on: \(place.code))"
        case .observedOn(let values, let place, let failing):
            return "Observable.from(\(values))\(end(failing)).observe(on: \(place.code))"
        case .created(let values, let failing):
            return "create { sends \(values)\(failing ? " then an error" : "") from a global queue }"
        case .delayed(let values, let place, let micro, let failing):
            return "Observable.from(\(values))\(end(failing)).delay(.microseconds(\(micro)), scheduler: \(place.code))"
        case .subject(let values, let failing):
            return "PublishSubject fed \(values)\(failing ? " then an error" : "") by two threads"
        case .bufferTicks(let place, let micro, let count):
            return "Observable<Int>.never().buffer(timeSpan: .microseconds(\(micro)), count: 1_000_000, "
                + "scheduler: \(place.code)).take(\(count)).map { $0.count }"
        case .windowTicks(let place, let micro, let count):
            return "Observable<Int>.never().window(timeSpan: .microseconds(\(micro)), count: 1_000_000, "
                + "scheduler: \(place.code)).take(\(count)).map { _ in 0 }"
        case .timeout(let place, let micro):
            return "Observable<Int>.never().timeout(.microseconds(\(micro)), scheduler: \(place.code))"
        case .firstTick(let place, let micro):
            return "create { a Dispatch timer sending 0, 1, 2, … every \(micro) µs }.take(1) (\(place.code))"
        case .debounced(let values, let place, let micro):
            return "Observable.from(\(values), scheduler: \(place.code))"
                + ".debounce(.microseconds(\(micro)), scheduler: \(place.code))"
        case .throttled(let values, let place, let micro):
            return "Observable.from(\(values), scheduler: \(place.code))"
                + ".throttle(.microseconds(\(micro)), scheduler: \(place.code))"
        }
    }

    static func random(using random: inout SeededRandom) -> Source {
        let values = Array(0..<Int.random(in: 0...24, using: &random))
        let place = Place.allCases.randomElement(using: &random)!
        let failing = Int.random(in: 0..<4, using: &random) == 0
        let micro = Int.random(in: 0...300, using: &random)
        switch Int.random(in: 0..<21, using: &random) {
        case 20: return .just(Int.random(in: 0...9, using: &random))
        case 0..<3: return .from(values, place, failing: failing)
        case 3..<6: return .subscribedOn(values, place, failing: failing)
        case 6..<9: return .observedOn(values, place, failing: failing)
        case 9..<11: return .created(values, failing: failing)
        case 11..<14: return .delayed(values, place, micro, failing: failing)
        case 14..<16: return .subject(values, failing: failing)
        case 16: return .bufferTicks(place, 50 + micro, count: Int.random(in: 1...6, using: &random))
        case 17: return .windowTicks(place, 50 + micro, count: Int.random(in: 1...6, using: &random))
        case 18: return .timeout(place, micro)
        default:
            return Bool.random(using: &random)
                ? .debounced(values, place, micro) : .throttled(values, place, micro)
        }
    }
}
