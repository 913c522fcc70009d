import Dispatch
import Foundation
import RxSwift
import Synchronization

/// A sequence read by blocking the calling thread, for tests and command-line tools. Make one
/// with `toBlocking(timeout:)`.
///
/// Waiting on the main thread runs the main run loop, so a sequence that delivers on the main
/// scheduler (or `DispatchQueue.main`) still makes progress instead of deadlocking.
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
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(timeout: timeout, source: asObservable())
    }
}

extension BlockingObservable {
    /// Every element, once the sequence completes; throws its error.
    public func toArray() throws -> [Element] {
        let (elements, error) = try run(stopAfter: { _ in false })
        if let error { throw error }
        return elements
    }

    /// The first element, or `nil` when the sequence completes empty; throws its error if it
    /// fails first. Disposes the subscription after the first element.
    public func first() throws -> Element? {
        let (elements, error) = try run(stopAfter: { _ in true })
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
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        let (elements, error) = try run(stopAfter: { count in count == 2 }, filter: predicate)
        if let error { throw error }
        guard let element = elements.first else { throw RxError.noElements }
        if elements.count > 1 { throw RxError.moreThanOneElement }
        return element
    }

    /// Every element and how the sequence ended; throws only `RxError.timeout`.
    public func materialize() throws -> MaterializedSequenceResult<Element> {
        let (elements, error) = try run(stopAfter: { _ in false })
        if let error { return .failed(elements: elements, error: error) }
        return .completed(elements: elements)
    }

    /// Subscribes and waits until the sequence ends, or `stopAfter` says (given how many
    /// elements were kept) that enough elements arrived, or the timeout passes.
    private func run(stopAfter: @escaping (Int) -> Bool, filter: @escaping (Element) throws -> Bool = { _ in true }) throws -> (elements: [Element], error: Error?) {
        let waiter = Waiter()
        // Written by the delivering thread before it signals `waiter`, read after the wait.
        nonisolated(unsafe) var elements: [Element] = []
        nonisolated(unsafe) var failure: Error?
        let subscription = SingleAssignmentDisposable()
        subscription.setDisposable(source.subscribe(
            onNext: { element in
                do {
                    guard try filter(element) else { return }
                } catch {
                    failure = error
                    return waiter.signal()
                }
                elements.append(element)
                if stopAfter(elements.count) { waiter.signal() }
            },
            onError: { error in
                failure = error
                waiter.signal()
            },
            onCompleted: { waiter.signal() }))
        let finished = waiter.wait(timeout: timeout)
        subscription.dispose()
        guard finished else { throw RxError.timeout }
        return (elements, failure)
    }
}

/// Waits for a signal: on the main thread by running the main run loop, elsewhere by blocking.
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
            let now = Date()
            if now >= deadline { return false }
            _ = RunLoop.main.run(mode: .default, before: min(deadline, now.addingTimeInterval(0.1)))
        }
        return true
    }
}

