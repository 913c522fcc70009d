import Dispatch
import Foundation
import RxSwift
import Synchronization

/// A sequence read by blocking the calling thread, for tests and command-line tools. Make one
/// with `toBlocking(timeout:)`.
///
/// Waiting on the main thread runs the main run loop, so a sequence that delivers on the main
/// scheduler (or `DispatchQueue.main`) still makes progress instead of deadlocking; and it runs
/// the chain's closures of the main actor itself, which also makes a wait inside a block of the
/// main queue (a `MainActor` job, an `async` test method of a `@MainActor` test case) answer.
/// Inside such a block, what the sequence itself schedules on the main queue
/// (`observe(on: MainScheduler.instance)`) cannot run until the wait returns: await it there
/// instead (`values`, `Single.value`).
public struct BlockingObservable<Element> {
    let timeout: TimeInterval?
    let source: Observable<Element>
}

/// How a sequence read with `materialize()` ended, with the elements it emitted.
public enum MaterializedSequenceResult<T> {
    /// The sequence completed after `elements`.
    case completed(elements: [T])
    /// The sequence failed with `error` after `elements`.
    case failed(elements: [T], error: Error)
}

extension ObservableConvertibleType {
    /// The sequence as a `BlockingObservable`. Its operators throw `RxError.timeout` when
    /// `timeout` seconds pass before they have their answer (no limit when `nil`).
    ///
    /// - Parameter timeout: How long to wait, in seconds (nil: without limit); past it, the wait throws
    ///   `RxError.timeout`.
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(timeout: timeout, source: asObservable())
    }
}

extension BlockingObservable {
    /// Every element, once the sequence completes; throws its error.
    public func toArray() throws -> [Element] {
        let (elements, error) = run(stopAfter: { _ in false })
        if let error { throw error }
        return elements
    }

    /// The first element, or `nil` when the sequence completes empty; throws its error if it
    /// fails first. Disposes the subscription after the first element.
    public func first() throws -> Element? {
        let (elements, error) = run(stopAfter: { _ in true })
        if let first = elements.first { return first }
        if let error { throw error }
        return nil
    }

    /// The last element, or `nil` when the sequence completes empty; throws its error.
    public func last() throws -> Element? {
        try toArray().last
    }

    /// The only element: throws `RxError.noElements` when the sequence completes empty and
    /// `RxError.moreThanOneElement` as soon as a second element arrives.
    public func single() throws -> Element {
        try single { _ in true }
    }

    /// The only element that satisfies `predicate`: throws `RxError.noElements` when none does
    /// and `RxError.moreThanOneElement` as soon as a second one arrives.
    ///
    /// - Parameters:
    ///   - predicate: Selects the element; a thrown error fails the sequence.
    public func single(
        _ predicate: @escaping @isolated(any) (Element) throws -> Bool
    ) throws -> Element {
        let (predicate, actor) = Isolation.split(predicate)
        let blocking = BlockingObservable(timeout: timeout, source: source.delivered(on: actor))
        let (elements, error) = blocking.run(stopAfter: { count in count == 2 }, filter: predicate)
        if let error { throw error }
        guard let element = elements.first else { throw RxError.noElements }
        if elements.count > 1 { throw RxError.moreThanOneElement }
        return element
    }

    /// Every element and how the sequence ended. Never throws: an error, including
    /// `RxError.timeout` when the timeout passes first, is reported as `.failed` with the
    /// elements that arrived before it.
    public func materialize() -> MaterializedSequenceResult<Element> {
        let (elements, error) = run(stopAfter: { _ in false })
        if let error { return .failed(elements: elements, error: error) }
        return .completed(elements: elements)
    }

    /// Subscribes and waits until the sequence ends, or `stopAfter` says (given how many
    /// elements were kept) that enough elements arrived, or the timeout passes. Returns the
    /// elements kept and the error that ended the wait (`RxError.timeout` for the timeout).
    private func run(
        stopAfter: @escaping (Int) -> Bool, filter: @escaping (Element) throws -> Bool = { _ in true }
    ) -> (elements: [Element], error: Error?) {
        let waiter = Waiter()
        // Guarded by its own lock: after a timeout, the delivering thread may still be running.
        let outcome = Locked(UncheckedOutcome<Element>())
        let subscription = SingleAssignmentDisposable()
        subscription.setDisposable(
            source.subscribe(
                onNext: { element in
                    let stop = outcome.withLock { outcome -> Bool in
                        guard !outcome.ended else { return false }
                        do {
                            guard try filter(element) else { return false }
                        } catch {
                            outcome.end(with: error)
                            return true
                        }
                        outcome.elements.append(element)
                        // Enough: later elements are not looked at (not even by the predicate).
                        if stopAfter(outcome.elements.count) { outcome.ended = true }
                        return outcome.ended
                    }
                    if stop { waiter.signal() }
                },
                onError: { error in
                    outcome.withLock { $0.end(with: error) }
                    waiter.signal()
                },
                onCompleted: { waiter.signal() }))
        let finished = waiter.wait(timeout: timeout)
        subscription.dispose()
        return outcome.withLock { outcome in
            if !finished { outcome.end(with: RxError.timeout) }
            outcome.ended = true
            return (outcome.elements, outcome.error)
        }
    }
}

/// What a blocking wait collected: the elements kept and the first error.
private struct UncheckedOutcome<Element>: @unchecked Sendable {
    // @unchecked Sendable: only used inside the `Locked` value of `BlockingObservable.run`.
    var elements: [Element] = []
    var error: Error?
    var ended = false

    mutating func end(with error: Error) {
        guard !ended else { return }
        self.error = error
        ended = true
    }
}

/// Waits for a signal: on the main thread by running the library's hops to main that wait
/// (`MainQueue.runWaiting()`: the closures of the main actor in the chain) and the main run loop,
/// elsewhere by blocking.
final class Waiter: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let signalled = Atomic<Bool>(false)

    func signal() {
        guard !signalled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        semaphore.signal()
        // Wakes the main run loop if it is waiting in `wait`.
        DispatchQueue.main.async {}
    }

    /// Whether the signal came before `timeout` seconds passed.
    func wait(timeout: TimeInterval?) -> Bool {
        let deadline = timeout.map { Date().addingTimeInterval($0) } ?? .distantFuture
        guard Thread.isMainThread else {
            let dispatchDeadline: DispatchTime = timeout.map { .now() + $0 } ?? .distantFuture
            return semaphore.wait(timeout: dispatchDeadline) == .success
        }
        while !signalled.load(ordering: .acquiring) {
            if MainQueue.runWaiting() { continue }
            let now = Date()
            if now >= deadline { return false }
            // A short turn: inside a block of the main queue (a `MainActor` job) the run loop runs
            // no other block, and the hops this wait runs itself may come at any moment.
            _ = RunLoop.main.run(mode: .default, before: min(deadline, now.addingTimeInterval(0.001)))
        }
        return true
    }
}
