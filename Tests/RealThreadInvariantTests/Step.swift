import Foundation
import RxSwift

/// One operator of a pipeline, with its plain-Swift model.
enum Step: Sendable, CustomStringConvertible {
    case map(Int)
    case filterEven
    case take(Int)
    case skip(Int)
    case scan
    case distinctUntilChanged
    case observeOn(Place)
    case subscribeOn(Place)
    case delay(Place, Int)
    case delaySubscription(Place, Int)
    case flatMap(Inner)
    case concatMap(Inner)
    case concat(Inner)
    case mergeMaxConcurrent(Int, Inner)
    case flatMapLatest(Inner)
    case flatMapFirst(Inner)
    case retry(Int)
    case catchAndReturn
    case bufferFlattened(Place, Int, count: Int)
    case windowFlattened(Place, Int, count: Int)
    case zipWithItself
    /// `Observable.concat(p, p.map { $0 + 1000 })`: the sources one after the other (`ConcatSink`).
    case concatWithItself
    /// `Observable.merge(p, p.map { $0 + 1000 })`.
    case mergeWithItself
    case share
    case shareReplay
    case generousTimeout(Place)
    /// `map` with a closure of the main actor: delivered on main (`MainActorDeliverySink`).
    case mapOnMainActor
    /// `map` with a closure of another global actor: delivered on its executor.
    case mapOnActor

    func apply(_ source: Observable<Int>) -> Observable<Int> {
        switch self {
        case .map(let k): return source.map { $0 + k }
        case .filterEven: return source.filter { $0 % 2 == 0 }
        case .take(let n): return source.take(n)
        case .skip(let n): return source.skip(n)
        case .scan: return source.scan(0, accumulator: +)
        case .distinctUntilChanged: return source.map { $0 / 2 }.distinctUntilChanged()
        case .observeOn(let place): return source.observe(on: place.immediate)
        case .subscribeOn(let place): return source.subscribe(on: place.immediate)
        case .delay(let place, let micro): return source.delay(.microseconds(micro), scheduler: place.timed)
        case .delaySubscription(let place, let micro):
            return source.delaySubscription(.microseconds(micro), scheduler: place.timed)
        case .flatMap(let inner): return source.flatMap { inner.make($0) }
        case .concatMap(let inner): return source.concatMap { inner.make($0) }
        case .concat(let inner): return source.map { inner.make($0) }.concat()
        case .mergeMaxConcurrent(let n, let inner): return source.map { inner.make($0) }.merge(maxConcurrent: n)
        case .flatMapLatest(let inner): return source.flatMapLatest { inner.make($0) }
        case .flatMapFirst(let inner): return source.flatMapFirst { inner.make($0) }
        case .retry(let n): return source.retry(n)
        case .catchAndReturn: return source.catchAndReturn(-1)
        case .bufferFlattened(let place, let micro, let count):
            return source.buffer(timeSpan: .microseconds(micro), count: count, scheduler: place.timed)
                .concatMap { Observable.from($0) }
        case .windowFlattened(let place, let micro, let count):
            return source.window(timeSpan: .microseconds(micro), count: count, scheduler: place.timed)
                .concatMap { $0 }
        case .zipWithItself: return Observable.zip(source, source.map { $0 * 100 }) { $0 + $1 }
        case .concatWithItself: return Observable.concat(source, source.map { $0 + 1000 })
        case .mergeWithItself: return Observable.merge(source, source.map { $0 + 1000 })
        case .share: return source.share()
        case .shareReplay: return source.share(replay: 1)
        case .mapOnMainActor:
            return source.map { @MainActor value in
                MainActor.assertIsolated()
                return value
            }
        case .mapOnActor:
            return source.map { @InvariantActor value in
                InvariantActor.shared.assertIsolated()
                return value
            }
        case .generousTimeout(let place): return source.timeout(.seconds(60), scheduler: place.timed)
        }
    }

    /// The model after this step, or nil when the step's answer would depend on timing for this
    /// input (the generator then picks another step).
    func model(_ input: Model) -> Model? {
        var output = input
        let ordered = input.shape.isOrdered
        let exactPrefix = input.shape == .exact || input.shape == .prefix
        switch self {
        case .map(let k):
            output.elements = input.elements.map { $0 + k }
        case .filterEven:
            output.elements = input.elements.filter { $0 % 2 == 0 }
        case .take(let n):
            guard input.shape == .exact else { return nil }
            output.elements = Array(input.elements.prefix(n))
            if input.elements.count >= n { output.terminal = .completed }
        case .skip(let n):
            guard exactPrefix else { return nil }
            output.elements = Array(input.elements.dropFirst(n))
        case .scan:
            guard exactPrefix else { return nil }
            var sum = 0
            output.elements = input.elements.map { element in
                sum += element
                return sum
            }
        case .distinctUntilChanged:
            guard exactPrefix else { return nil }
            var last: Int?
            output.elements = input.elements.map { $0 / 2 }.filter { element in
                defer { last = element }
                return element != last
            }
        case .share, .shareReplay:
            output.hot = true
        case .observeOn, .subscribeOn, .delaySubscription, .generousTimeout, .mapOnMainActor, .mapOnActor:
            break
        case .delay:
            // An error is forwarded at once: what still waits is dropped.
            if input.terminal != .completed { output.shape = input.shape.cut }
        case .flatMap(let inner), .mergeMaxConcurrent(2..., let inner):
            output.elements = input.elements.flatMap { inner.model($0) }
            output.shape = input.terminal == .completed ? input.shape.unordered : input.shape.unordered.cut
        case .concatMap(let inner), .concat(let inner), .mergeMaxConcurrent(_, let inner):
            guard ordered || input.shape == .multiset else { return nil }
            output.elements = input.elements.flatMap { inner.model($0) }
            if input.terminal != .completed { output.shape = input.shape.cut }
        case .flatMapLatest(let inner), .flatMapFirst(let inner):
            output.elements = input.elements.flatMap { inner.model($0) }
            output.shape = .subMultiset
        case .retry(let n):
            guard input.shape == .exact else { return nil }
            if input.terminal == .error {
                output.elements = Array(Array(repeating: input.elements, count: n).joined())
            }
        case .catchAndReturn:
            guard input.shape == .exact else { return nil }
            if input.terminal == .error {
                output.elements.append(-1)
                output.terminal = .completed
            }
        case .bufferFlattened, .windowFlattened:
            guard ordered else { return nil }
            if input.terminal != .completed { output.shape = input.shape.cut }
        case .zipWithItself:
            guard input.shape == .exact, input.terminal == .completed, !input.hot else { return nil }
            output.elements = input.elements.map { $0 * 101 }
        case .concatWithItself:
            guard input.shape == .exact, input.terminal == .completed, !input.hot else { return nil }
            output.elements = input.elements + input.elements.map { $0 + 1000 }
        case .mergeWithItself:
            guard input.terminal == .completed, !input.hot, input.shape == .exact || input.shape == .multiset
            else { return nil }
            output.elements = input.elements + input.elements.map { $0 + 1000 }
            output.shape = .multiset
        }
        return output
    }

    var description: String {
        switch self {
        case .map(let k): ".map { $0 + \(k) }"
        case .filterEven: ".filter { $0 % 2 == 0 }"
        case .take(let n): ".take(\(n))"
        case .skip(let n): ".skip(\(n))"
        case .scan: ".scan(0, accumulator: +)"
        case .distinctUntilChanged: ".map { $0 / 2 }.distinctUntilChanged()"
        case .observeOn(let place): ".observe(on: \(place.code))"
        case .subscribeOn(let place): ".subscribe(on: \(place.code))"
        case .delay(let place, let micro): ".delay(.microseconds(\(micro)), scheduler: \(place.code))"
        case .delaySubscription(let place, let micro):
            ".delaySubscription(.microseconds(\(micro)), scheduler: \(place.code))"
        case .flatMap(let inner): ".flatMap { v in \(inner) }"
        case .concatMap(let inner): ".concatMap { v in \(inner) }"
        case .concat(let inner): ".map { v in \(inner) }.concat()"
        case .mergeMaxConcurrent(let n, let inner): ".map { v in \(inner) }.merge(maxConcurrent: \(n))"
        case .flatMapLatest(let inner): ".flatMapLatest { v in \(inner) }"
        case .flatMapFirst(let inner): ".flatMapFirst { v in \(inner) }"
        case .retry(let n): ".retry(\(n))"
        case .catchAndReturn: ".catchAndReturn(-1)"
        case .bufferFlattened(let place, let micro, let count):
            ".buffer(timeSpan: .microseconds(\(micro)), count: \(count), scheduler: \(place.code))"
                + ".concatMap { Observable.from($0) }"
        case .windowFlattened(let place, let micro, let count):
            ".window(timeSpan: .microseconds(\(micro)), count: \(count), scheduler: \(place.code)).concatMap { $0 }"
        case .zipWithItself: "  (as p) Observable.zip(p, p.map { $0 * 100 }) { $0 + $1 }"
        case .concatWithItself: "  (as p) Observable.concat(p, p.map { $0 + 1000 })"
        case .mergeWithItself: "  (as p) Observable.merge(p, p.map { $0 + 1000 })"
        case .share: ".share()"
        case .shareReplay: ".share(replay: 1)"
        case .mapOnMainActor: ".map { @MainActor v in v }"
        case .mapOnActor: ".map { @InvariantActor v in v }"
        case .generousTimeout(let place): ".timeout(.seconds(60), scheduler: \(place.code))"
        }
    }

    static func random(using random: inout SeededRandom) -> Step {
        let place = Place.allCases.randomElement(using: &random)!
        let micro = Int.random(in: 0...300, using: &random)
        let inner = Inner.random(using: &random)
        switch Int.random(in: 0..<30, using: &random) {
        case 0: return .map(Int.random(in: 1...5, using: &random))
        case 1: return .filterEven
        case 2: return .take(Int.random(in: 0...8, using: &random))
        case 3: return .skip(Int.random(in: 0...4, using: &random))
        case 4: return .scan
        case 5: return .distinctUntilChanged
        case 6: return .observeOn(place)
        case 7: return .subscribeOn(place)
        case 8: return .delay(place, micro)
        case 9: return .delaySubscription(place, micro)
        case 10, 11: return .flatMap(inner)
        case 12, 13: return .concatMap(inner)
        case 14: return .concat(inner)
        case 15, 16: return .mergeMaxConcurrent(Int.random(in: 1...3, using: &random), inner)
        case 17: return .flatMapLatest(inner)
        case 18: return .flatMapFirst(inner)
        case 19: return .retry(Int.random(in: 1...3, using: &random))
        case 20: return .catchAndReturn
        case 21: return .bufferFlattened(place, 50 + micro, count: Int.random(in: 1...5, using: &random))
        case 22: return .windowFlattened(place, 50 + micro, count: Int.random(in: 1...5, using: &random))
        case 23: return .zipWithItself
        case 24: return .mapOnMainActor
        case 25: return .mapOnActor
        case 26: return .shareReplay
        case 27: return .concatWithItself
        case 28: return .mergeWithItself
        default: return Bool.random(using: &random) ? .share : .generousTimeout(place)
        }
    }
}

/// A global actor of the suite's own, for closures that run on an actor's executor.
@globalActor
actor InvariantActor {
    static let shared = InvariantActor()
}
