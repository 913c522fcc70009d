import Foundation
import RxBlocking
import RxCocoa
import RxSwift
import Synchronization
import TestSupport

/// How a pipeline's answer is consumed.
enum Consumer: String, Sendable, CaseIterable {
    /// One observer.
    case plain
    /// `subscribe(onNext:onError:onCompleted:)`: closures, no observer object (`just` and
    /// `just(x).map` deliver to them at once, a fast path of their own).
    case closures
    /// Disposed from its own `onNext` after a few elements: nothing may arrive after `dispose()`
    /// returned.
    case disposedMidway
    /// Disposed from the test's thread while the pipeline runs, after a random pause: every
    /// object it made is released all the same.
    case disposedFromOutside
    /// `publish()`, two observers, then `connect()`: both see the same events.
    case publishedToTwo
    /// `multicast(ReplaySubject.create(bufferSize: 16))`, connected, one observer; a second one
    /// subscribed once the first has ended gets the same last elements and terminal event from
    /// the replay. (`replay(16)` makes a new subject for each connection, as in RxSwift: a late
    /// observer of an ended one gets nothing until the next `connect()`.)
    case replayedToALateObserver
    /// `toBlocking().toArray()` on a thread of its own.
    case blocking
    /// `toBlocking().toArray()` on the main thread (the test's), which runs the main queue's
    /// work meanwhile.
    case blockingOnMain
    /// `toBlocking().toArray()` inside a block of the main queue (as in a `MainActor` job): the
    /// main queue runs no other block meanwhile, so the wait runs the chain's hops to main.
    case blockingInAMainQueueBlock
    /// `toArray()` (a `Single`).
    case single
    /// `asDriver(onErrorJustReturn: -1)`, driven on the main thread.
    case driver
    /// `asSignal(onErrorJustReturn: -1)`, emitted on the main thread.
    case signal
}

/// A pipeline: a source, operators, a consumer; and its model.
struct Pipeline: Sendable, CustomStringConvertible {
    var source: Source
    var steps: [Step]
    var consumer: Consumer

    /// The model, or nil if some step has no defined answer here.
    var model: Model? {
        var model = source.model
        for step in steps {
            guard let next = step.model(model) else { return nil }
            model = next
        }
        return model
    }

    func make() -> Observable<Int> {
        steps.reduce(source.make()) { $1.apply($0) }
    }

    var description: String {
        ([source.description] + steps.map { "    \($0)" }).joined(separator: "\n") + "\n    → consumed: \(consumer)"
    }

    static func random(using random: inout SeededRandom) -> Pipeline {
        while true {
            var pipeline = Pipeline(
                source: .random(using: &random), steps: [],
                consumer: Consumer.allCases.randomElement(using: &random)!)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let step = Step.random(using: &random)
                pipeline.steps.append(step)
                if pipeline.model == nil { pipeline.steps.removeLast() }
            }
            // Work a chain schedules on the main queue itself (`MainScheduler`, not a closure of
            // the main actor) cannot run while a block of the main queue waits for it: that
            // wait never ends, here as in RxSwift.
            if pipeline.consumer == .blockingInAMainQueueBlock && pipeline.description.contains("MainScheduler") {
                pipeline.consumer = .blocking
            }
            if pipeline.model != nil { return pipeline }
        }
    }

    /// Smaller pipelines, for shrinking a failure: one step fewer, a shorter source, a plain
    /// consumer.
    var smaller: [Pipeline] {
        var candidates: [Pipeline] = []
        for index in steps.indices {
            var candidate = self
            candidate.steps.remove(at: index)
            candidates.append(candidate)
        }
        if let shorter = source.shorter {
            var candidate = self
            candidate.source = shorter
            candidates.append(candidate)
        }
        if consumer != .plain {
            var candidate = self
            candidate.consumer = .plain
            candidates.append(candidate)
        }
        return candidates.filter { $0.model != nil }
    }
}

/// What one observer saw, checked for the grammar as it arrives: deliveries that overlap, events
/// after the terminal one, events after `dispose()` returned.
final class Observation: ObserverType, @unchecked Sendable {
    // @unchecked Sendable: every field is guarded by `lock`, but `busy`, an atomic.
    private let lock = NSLock()
    private let busy = Atomic<Bool>(false)
    private var elements: [Int] = []
    private var terminals: [String] = []
    private var violations: [String] = []
    private var disposeReturned = false
    private var subscribed = false
    private var disposeRequested = false
    /// Disposes the subscription from `onNext` after this many elements (nil: never).
    private let disposeAfter: Int?
    let subscription = SingleAssignmentDisposable()
    let done = DispatchSemaphore(value: 0)

    init(disposeAfter: Int? = nil) {
        self.disposeAfter = disposeAfter
    }

    func on(_ event: Event<Int>) {
        if busy.exchange(true, ordering: .acquiring) { violate("two deliveries overlapped") }
        var disposeNow = false
        var finished = false
        lock.withLock {
            if disposeReturned { violations.append("\(event) after dispose() returned") }
            if !terminals.isEmpty { violations.append("\(event) after the terminal event") }
            switch event {
            case .next(let element):
                elements.append(element)
                if elements.count == disposeAfter {
                    disposeRequested = true
                    disposeNow = subscribed
                }
            case .error(let error):
                terminals.append("error(\(error))")
                finished = true
            case .completed:
                terminals.append("completed")
                finished = true
            }
        }
        busy.store(false, ordering: .releasing)
        if disposeNow { disposeAndMark() }
        if finished { done.signal() }
    }

    private func violate(_ message: String) {
        lock.withLock { violations.append(message) }
    }

    /// Called once `subscribe` returned its disposable.
    func didSubscribe(_ disposable: Disposable) {
        subscription.setDisposable(disposable)
        let disposeNow = lock.withLock { () -> Bool in
            subscribed = true
            return disposeRequested
        }
        if disposeNow { disposeAndMark() }
    }

    private func disposeAndMark() {
        subscription.dispose()
        let first = lock.withLock { () -> Bool in
            defer { disposeReturned = true }
            return !disposeReturned
        }
        if first { done.signal() }
    }

    var snapshot: (elements: [Int], terminals: [String], violations: [String], disposed: Bool) {
        lock.withLock { (elements, terminals, violations, disposeReturned) }
    }
}

/// Waits for `semaphore`, running the main run loop meanwhile when called on the main thread (so
/// that work scheduled on the main queue, `MainScheduler` and Driver deliveries, gets done).
func awaitSignal(_ semaphore: DispatchSemaphore, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if semaphore.wait(timeout: .now()) == .success { return true }
        if Thread.isMainThread {
            RunLoop.main.run(until: Date().addingTimeInterval(0.0005))
        } else if semaphore.wait(timeout: .now() + .milliseconds(5)) == .success {
            return true
        }
    }
    return false
}

/// Runs pipelines on real threads and checks every run against the model.
struct InvariantRunner {
    /// How long one run may take before it counts as a hang (generous: a loaded 2-core machine
    /// under ThreadSanitizer).
    var watchdog: Double = 30

    /// Runs `pipeline` once; returns what was wrong, or nil.
    func runOnce(_ pipeline: Pipeline, seed: UInt64) -> String? {
        guard let model = pipeline.model else { return nil }
        var random = SeededRandom(seed: seed)
        switch pipeline.consumer {
        case .plain, .disposedMidway:
            let disposeAfter =
                pipeline.consumer == .disposedMidway ? Int.random(in: 1...4, using: &random) : nil
            let observation = Observation(disposeAfter: disposeAfter)
            observation.didSubscribe(pipeline.make().subscribe(observation))
            guard awaitSignal(observation.done, seconds: watchdog) else {
                observation.subscription.dispose()
                return "hang: no terminal event in \(Int(watchdog)) s; so far \(observation.snapshot)"
            }
            defer { observation.subscription.dispose() }
            return check(observation, against: model, cut: disposeAfter != nil)
        case .disposedFromOutside:
            let observation = Observation()
            observation.didSubscribe(pipeline.make().subscribe(observation))
            usleep(UInt32.random(in: 0...300, using: &random))
            observation.subscription.dispose()
            // Another thread may be delivering as `dispose()` runs: what it delivered is checked
            // as cut short, and the grammar (one at a time, nothing after the terminal event).
            let seen = observation.snapshot
            if let violation = seen.violations.first { return "grammar: \(violation) (saw \(seen.elements))" }
            if seen.terminals.count > 1 { return "more than one terminal event: \(seen.terminals)" }
            let cut = Model(elements: model.elements, shape: model.shape.cut, terminal: .either)
            return cut.mismatch(seen.elements).map { "elements \(seen.elements): \($0)" }
        case .publishedToTwo:
            let published = pipeline.make().publish()
            let first = Observation()
            let second = Observation()
            first.didSubscribe(published.subscribe(first))
            second.didSubscribe(published.subscribe(second))
            let connection = published.connect()
            defer {
                first.subscription.dispose()
                second.subscription.dispose()
                connection.dispose()
            }
            for observation in [first, second] where !awaitSignal(observation.done, seconds: watchdog) {
                return "hang: no terminal event in \(Int(watchdog)) s; so far \(observation.snapshot)"
            }
            if let problem = check(first, against: model, cut: false) { return "first observer: " + problem }
            if let problem = check(second, against: model, cut: false) { return "second observer: " + problem }
            let (a, b) = (first.snapshot, second.snapshot)
            if a.elements != b.elements || a.terminals != b.terminals {
                return "the two observers of one connection saw different events: \(a) and \(b)"
            }
            return nil
        case .closures:
            let observation = Observation()
            observation.didSubscribe(
                pipeline.make().subscribe(
                    onNext: { observation.on(.next($0)) }, onError: { observation.on(.error($0)) },
                    onCompleted: { observation.on(.completed) }))
            guard awaitSignal(observation.done, seconds: watchdog) else {
                observation.subscription.dispose()
                return "hang: no terminal event in \(Int(watchdog)) s; so far \(observation.snapshot)"
            }
            defer { observation.subscription.dispose() }
            return check(observation, against: model, cut: false)
        case .blockingInAMainQueueBlock:
            return runBlocking(pipeline, model: model) { DispatchQueue.main.async(execute: $0) }
        case .replayedToALateObserver:
            let replayed = pipeline.make().multicast(ReplaySubject<Int>.create(bufferSize: 16))
            let first = Observation()
            first.didSubscribe(replayed.subscribe(first))
            let connection = replayed.connect()
            defer {
                first.subscription.dispose()
                connection.dispose()
            }
            guard awaitSignal(first.done, seconds: watchdog) else {
                return "hang: no terminal event in \(Int(watchdog)) s; so far \(first.snapshot)"
            }
            if let problem = check(first, against: model, cut: false) { return problem }
            let late = Observation()
            late.didSubscribe(replayed.subscribe(late))
            defer { late.subscription.dispose() }
            guard awaitSignal(late.done, seconds: watchdog) else {
                return "hang: the replay to a late observer never ended"
            }
            let (seen, replay) = (first.snapshot, late.snapshot)
            if replay.elements != Array(seen.elements.suffix(16)) || replay.terminals != seen.terminals {
                return
                    "the late observer got \(replay.elements) \(replay.terminals) from the replay of \(seen.elements) \(seen.terminals)"
            }
            return nil
        case .blockingOnMain:
            return runBlocking(pipeline, model: model) { $0() }
        case .blocking:
            return runBlocking(pipeline, model: model) { Thread.detachNewThread($0) }
        case .single:
            let answer = LockedBox<SingleEvent<[Int]>?>(nil)
            let finished = DispatchSemaphore(value: 0)
            let subscription = pipeline.make().toArray().subscribe { event in
                answer.mutate { $0 = event }
                finished.signal()
            }
            defer { subscription.dispose() }
            guard awaitSignal(finished, seconds: watchdog) else { return "hang: the Single never answered" }
            switch answer.value! {
            case .success(let elements):
                if model.terminal == .error { return "the Single succeeded with \(elements), expected a failure" }
                return model.mismatch(elements).map { "the Single succeeded with \(elements): \($0)" }
            case .failure(let error):
                return model.terminal == .completed ? "the Single failed with \(error)" : nil
            }
        case .driver:
            return runOnMain(pipeline.make().asDriver(onErrorJustReturn: -1).asObservable(), "Driver", model)
        case .signal:
            return runOnMain(pipeline.make().asSignal(onErrorJustReturn: -1).asObservable(), "Signal", model)
        }
    }

    /// `toBlocking(timeout:).toArray()`, called where `start` runs it (this thread, a thread of
    /// its own, a block of the main queue).
    private func runBlocking(
        _ pipeline: Pipeline, model: Model, start: (@escaping @Sendable () -> Void) -> Void
    ) -> String? {
        let answer = LockedBox<Result<[Int], Swift.Error>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        let observable = UncheckedSendable(pipeline.make())
        let watchdog = watchdog
        let started = Date()
        start {
            let result = Result { try observable.value.toBlocking(timeout: watchdog).toArray() }
            answer.mutate { $0 = result }
            finished.signal()
        }
        guard awaitSignal(finished, seconds: watchdog + 5) else { return "hang: toBlocking never returned" }
        switch answer.value! {
        case .success(let elements):
            if model.terminal == .error { return "toBlocking returned \(elements), expected an error" }
            return model.mismatch(elements).map { "toBlocking returned \(elements): \($0)" }
        case .failure(let error):
            // `toBlocking`'s own time-out is `RxError.timeout` too (as is `timeout`'s).
            if Date().timeIntervalSince(started) >= watchdog { return "hang: toBlocking timed out" }
            return model.terminal == .completed ? "toBlocking threw \(error), expected elements" : nil
        }
    }

    /// A Driver or Signal: every element on the main thread, an error replaced by -1 and
    /// completion.
    private func runOnMain(_ sequence: Observable<Int>, _ name: String, _ model: Model) -> String? {
        let elements = LockedBox<[Int]>([])
        let offMain = LockedBox(0)
        let finished = DispatchSemaphore(value: 0)
        let subscription = sequence.subscribe(
            onNext: { element in
                if !Thread.isMainThread { offMain.mutate { $0 += 1 } }
                elements.mutate { $0.append(element) }
            },
            onCompleted: { finished.signal() })
        defer { subscription.dispose() }
        guard awaitSignal(finished, seconds: watchdog) else { return "hang: the \(name) never completed" }
        if offMain.value > 0 { return "the \(name) delivered \(offMain.value) elements off the main thread" }
        var seen = elements.value
        if model.terminal != .completed, seen.last == -1 { seen.removeLast() }
        return model.mismatch(seen).map { "the \(name) delivered \(elements.value): \($0)" }
    }

    private func check(_ observation: Observation, against model: Model, cut: Bool) -> String? {
        let seen = observation.snapshot
        if let violation = seen.violations.first { return "grammar: \(violation) (saw \(seen.elements))" }
        if seen.terminals.count > 1 { return "more than one terminal event: \(seen.terminals)" }
        let expected = cut ? Model(elements: model.elements, shape: model.shape.cut, terminal: .either) : model
        if let problem = expected.mismatch(seen.elements) { return "elements \(seen.elements): \(problem)" }
        if seen.disposed && seen.terminals.isEmpty { return nil }
        guard let terminal = seen.terminals.first else { return "no terminal event" }
        switch expected.terminal {
        case .completed where terminal != "completed": return "ended with \(terminal), expected completed"
        case .error where terminal == "completed": return "completed, expected an error"
        default: return nil
        }
    }

    /// Runs `pipeline` `runs` times; returns the first failure.
    func run(_ pipeline: Pipeline, runs: Int, seed: UInt64) -> String? {
        for run in 0..<runs {
            if let problem = runOnce(pipeline, seed: seed &+ UInt64(run)) { return problem }
        }
        return nil
    }

    /// The smallest pipeline that still fails (each candidate tried `tries` times), and its
    /// failure; it stops looking after `budget` seconds (a hang costs a watchdog per try).
    func shrink(
        _ pipeline: Pipeline, failure: String, tries: Int, seed: UInt64, budget: Double = 120
    ) -> (Pipeline, String) {
        let deadline = Date().addingTimeInterval(budget)
        var smallest = (pipeline, failure)
        var improved = true
        while improved && Date() < deadline {
            improved = false
            for candidate in smallest.0.smaller where Date() < deadline {
                if let problem = run(candidate, runs: tries, seed: seed) {
                    smallest = (candidate, problem)
                    improved = true
                    break
                }
            }
        }
        return smallest
    }
}
