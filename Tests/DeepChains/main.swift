// Deep chains on a worker thread's stack (issue 64): each case builds a chain a user can make
// deep and runs it on a `Thread` with a 512 KiB stack, the size of a typical worker thread, and
// checks what arrives. A stack overflow cannot be caught, so each case runs in a process of its
// own: `DeepChains <case>` exits 0 when it passed; `DeepChains` alone lists the cases.
// `bash scripts/deep-chains.sh` runs every case in a debug and in a release build (CI runs it).

import Dispatch
import Foundation
import RxBlocking
import RxSwift
import TestSupport

struct Failure: Error {}

/// Each case: what it builds and runs, returning what arrived, and what should have.
let cases: [String: @Sendable () throws -> (got: [Int], expected: [Int])] = [
    // A million `map`s after each kind of source (fused into one loop, not nested closures).
    "maps-after-just": {
        var chain = Observable.just(0)
        for _ in 0..<1_000_000 { chain = chain.map { $0 + 1 } }
        return (try chain.toBlocking().toArray(), [1_000_000])
    },
    "maps-after-from": {
        var chain = Observable.from([0, 1])
        for _ in 0..<1_000_000 { chain = chain.map { $0 + 1 } }
        return (try chain.toBlocking().toArray(), [1_000_000, 1_000_001])
    },
    "maps-after-subject": {
        let subject = BehaviorSubject(value: 0)
        var chain = subject.asObservable()
        for _ in 0..<1_000_000 { chain = chain.map { $0 + 1 } }
        var got: [Int] = []
        let subscription = chain.subscribe(onNext: { got.append($0) })
        subject.onNext(1)
        subscription.dispose()
        return (got, [1_000_000, 1_000_001])
    },
    "maps-after-filter": {
        var chain = Observable.from([0, 1, 2]).filter { $0 != 1 }
        for _ in 0..<1_000_000 { chain = chain.map { $0 + 1 } }
        return (try chain.toBlocking().toArray(), [1_000_000, 1_000_002])
    },
    "maps-after-subject-filter": {
        let subject = PublishSubject<Int>()
        var chain = subject.filter { $0 != 1 }
        for _ in 0..<1_000_000 { chain = chain.map { $0 + 1 } }
        var got: [Int] = []
        let subscription = chain.subscribe(onNext: { got.append($0) })
        for value in 0..<3 { subject.onNext(value) }
        subscription.dispose()
        return (got, [1_000_000, 1_000_002])
    },
    // `concat` of 100,000 `just`s, and `concatMap` over 100,000 inputs.
    "concat-of-justs": {
        let got = try Observable.concat((0..<100_000).map { Observable.just($0) }).toBlocking().toArray()
        return (got, Array(0..<100_000))
    },
    "concatMap-just": {
        let got = try Observable.range(start: 0, count: 100_000).concatMap { Observable.just($0) }
            .toBlocking().toArray()
        return (got, Array(0..<100_000))
    },
    // Issue 2615's shape: `concatMap` over 100,000 inputs where one in forty is delayed, and
    // `merge(maxConcurrent: 1)` of the same. From the first delayed one on, the chain goes on on
    // the scheduler's thread (Dispatch's, with the process's default stack): what the 512 KiB
    // stack checks here is the first 40 and the hand-over, the synchronous cases above the rest.
    "concatMap-some-delayed": {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let got = try Observable.range(start: 0, count: 100_000)
            .concatMap { $0 % 40 == 0 ? Observable.just($0).delay(.seconds(0), scheduler: scheduler) : .just($0) }
            .toBlocking().toArray()
        return (got, Array(0..<100_000))
    },
    "merge-maxConcurrent-1-some-delayed": {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let inners = (0..<100_000).map {
            $0 % 40 == 0 ? Observable.just($0).delay(.seconds(0), scheduler: scheduler) : .just($0)
        }
        let got = try Observable.from(inners).merge(maxConcurrent: 1).toBlocking().toArray()
        return (got, Array(0..<100_000))
    },
    // `deferred` 100,000 deep: each factory returns the next `deferred`, the last a `just`.
    "deferred-100000-deep": {
        var calls = 0
        func nested(_ depth: Int) -> Observable<Int> {
            depth == 0
                ? .just(calls)
                : .deferred {
                    calls += 1
                    return nested(depth - 1)
                }
        }
        return (try nested(100_000).toBlocking().toArray(), [100_000])
    },
    // Recursion through the flatMap family, 100,000 levels (RxSwift issues 1981 and 2275): each
    // level's inner sequence is the next level, so its deliveries nest as deep as the levels;
    // past three quarters of the stack they wait on the trampoline for it to unwind.
    "flatMap-recursion-100000": {
        func level(_ n: Int) -> Observable<Int> {
            n == 0 ? .just(0) : .just(n).flatMap { level($0 - 1).map { $0 + 1 } }
        }
        return (try level(100_000).toBlocking().toArray(), [100_000])
    },
    "concatMap-recursion-100000": {
        func level(_ n: Int) -> Observable<Int> {
            n == 0 ? .just(0) : .just(n).concatMap { level($0 - 1).map { $0 + 1 } }
        }
        return (try level(100_000).toBlocking().toArray(), [100_000])
    },
    "flatMapLatest-recursion-100000": {
        func level(_ n: Int) -> Observable<Int> {
            n == 0 ? .just(0) : .just(n).flatMapLatest { level($0 - 1).map { $0 + 1 } }
        }
        return (try level(100_000).toBlocking().toArray(), [100_000])
    },
    // Recursive paging (RxSwift issue 1981): each page's inner sequence is the next page's
    // load after the page itself, so every page arrives through as many levels as came before
    // it, and the last page's completion cascades through every level. A level that can get no
    // other inner sequence hands its elements on to the enclosing one's, skipping the stages
    // between, so a page costs the same at any depth (ARCHITECTURE.md, "Deep chains").
    "paging-100000-pages": {
        (try pages(from: 0, count: 100_000, fetch: { .just($0) }).toBlocking().toArray(), Array(0..<100_000))
    },
    // The same with each page fetched on another thread whose stack is 512 KiB too: there the
    // completion's cascade runs where no subscription started the trampoline (it starts where
    // the stack gets low). Before: an overflow on the scheduler's thread.
    "paging-100000-pages-subscribeOn": {
        let scheduler = WorkerThreadScheduler()
        let got = try pages(from: 0, count: 100_000, fetch: { Observable.just($0).subscribe(on: scheduler) })
            .toBlocking().toArray()
        return (got, Array(0..<100_000))
    },
    "paging-100000-pages-delay": {
        let scheduler = WorkerThreadScheduler()
        let got = try pages(
            from: 0, count: 100_000, fetch: { Observable.just($0).delay(.seconds(0), scheduler: scheduler) }
        )
        .toBlocking().toArray()
        return (got, Array(0..<100_000))
    },
    // 100,000 nested `catch`, built in a loop: each fails over to the next, the last recovers.
    // Subscribing, the error's way out and the disposal all nest as deep as the chain, and so
    // does releasing it (each operator holds the one before): past three quarters of the stack the
    // disposals and the releases are done in a loop instead (`Teardown`).
    "catch-100000-nested": {
        var chain = Observable<Int>.error(Failure())
        for level in 0..<100_000 {
            chain = chain.catch { _ in level == 99_999 ? .just(level) : .error(Failure()) }
        }
        return (try chain.toBlocking().toArray(), [99_999])
    },
    // `Single.flatMap` 100,000 deep, built in a loop (RxSwift issue 2523's shape).
    "single-flatMap-100000-deep": {
        var chain = Single.just(0)
        for _ in 0..<100_000 { chain = chain.flatMap { .just($0 + 1) } }
        return (try chain.toBlocking().toArray(), [100_000])
    },
    // `retry` over a source that fails 100,000 times.
    "retry-100000-failures": {
        var attempts = 0
        let source = Observable<Int>.deferred {
            attempts += 1
            return attempts <= 100_000 ? .error(Failure()) : .just(attempts)
        }
        return (try source.retry().toBlocking().toArray(), [100_001])
    },
]

/// Pages `first` to `count - 1`, each loaded by `fetch` and followed by the pages after it:
/// `fetch(page).flatMap { next == nil ? .just(page) : load(next).startWith(page) }`.
func pages(from first: Int, count: Int, fetch: @escaping @Sendable (Int) -> Observable<Int>) -> Observable<Int> {
    fetch(first).flatMap { page in
        page + 1 == count ? .just(page) : pages(from: page + 1, count: count, fetch: fetch).startWith(page)
    }
}

/// A scheduler whose actions run, in order, on one `Thread` with a 512 KiB stack (a delayed one
/// is handed to it when due).
final class WorkerThreadScheduler: SchedulerType, @unchecked Sendable {
    // @unchecked Sendable: `actions` is only reached with `condition` locked.
    private let condition = NSCondition()
    private var actions: [() -> Void] = []

    init() {
        let thread = Thread { [self] in
            while true {
                condition.lock()
                while actions.isEmpty { condition.wait() }
                let action = actions.removeFirst()
                condition.unlock()
                action()
            }
        }
        thread.stackSize = 512 * 1024
        thread.start()
    }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let disposable = SingleAssignmentDisposable()
        condition.lock()
        actions.append { if !disposable.isDisposed { disposable.setDisposable(action(state)) } }
        condition.signal()
        condition.unlock()
        return disposable
    }

    var now: RxTime { Date() }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let zero: [RxTimeInterval] = [.seconds(0), .milliseconds(0), .microseconds(0), .nanoseconds(0)]
        if zero.contains(dueTime) { return schedule(state, action: action) }
        if dueTime == .never { return Disposables.create() }
        let disposable = SerialDisposable()
        let box = UncheckedSendable((state, action))
        DispatchQueue.global().asyncAfter(deadline: .now() + dueTime) { [self] in
            if !disposable.isDisposed { disposable.disposable = schedule(box.value.0, action: box.value.1) }
        }
        return disposable
    }
}

let names = CommandLine.arguments.dropFirst()
guard let name = names.first else {
    print(cases.keys.sorted().joined(separator: "\n"))
    exit(0)
}
guard let run = cases[name] else {
    print("error: no case \(name); cases: \(cases.keys.sorted().joined(separator: ", "))")
    exit(2)
}

let finished = DispatchSemaphore(value: 0)
let worker = Thread {
    do {
        let (got, expected) = try run()
        if got == expected {
            print("\(name): passed on a 512 KiB stack")
        } else {
            print(
                "error: \(name): got \(got.prefix(5))… (\(got.count) elements), expected \(expected.prefix(5))… (\(expected.count))"
            )
            exit(1)
        }
    } catch {
        print("error: \(name) failed with \(error)")
        exit(1)
    }
    finished.signal()
}
worker.stackSize = 512 * 1024
worker.start()
finished.wait()
