import Foundation
import RxSwift
import Testing
import XCTest

extension ObservableConvertibleType {
    /// Subscribes, hands `validate` the events as a stream to await one by one, and disposes the
    /// subscription when `validate` returns: the Turbine style of testing, for XCTest and Swift
    /// Testing alike.
    ///
    /// ```swift
    /// try await Observable.of(1, 2).test { events in
    ///     #expect(try await events.awaitNext() == 1)
    ///     try await events.skipItems(1)
    ///     try await events.awaitComplete()
    ///     events.expectNoEvents()
    /// }
    /// ```
    ///
    /// A block whose only `try` is inside `#expect(…)` is written `{ events throws in … }`: Swift
    /// infers that a closure throws from the `try`s it sees, and not from those in a macro's
    /// argument ("errors thrown from here are not handled" otherwise).
    ///
    /// Each `await…` waits at most `timeout` (real time) and throws ``EventStreamFailure`` when
    /// nothing arrives or the event is of another kind. Events left unconsumed when `validate`
    /// returns are a test failure that lists them, unless `validate` called
    /// ``EventStream/cancelAndIgnoreRemainingEvents()``.
    ///
    /// It needs no `import Testing`: the place of a failure is taken from `#fileID`, `#filePath`,
    /// `#line` and `#column`, and a failure is reported to Swift Testing inside a Swift Testing
    /// test, to XCTest otherwise.
    ///
    /// - Parameters:
    ///   - timeout: How long each `await…` waits for the next event.
    ///   - isolation: The caller's isolation (the default): `validate` runs there.
    ///   - fileID: The file reported for the unconsumed events (Swift Testing).
    ///   - file: The file reported for the unconsumed events.
    ///   - line: The line reported for the unconsumed events.
    ///   - column: The column reported for the unconsumed events (Swift Testing).
    ///   - validate: Awaits and checks the events.
    public func test(
        timeout: Duration = .seconds(3),
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ validate: (EventStream<Element>) async throws -> Void
    ) async throws {
        let sourceLocation = SourceLocation(fileID: fileID, file: file, line: line, column: column)
        let events = EventStream<Element>(timeout: timeout)
        events.subscribe(to: asObservable())
        defer { events.cancel() }
        try await validate(events)
        let left = events.unconsumed()
        if !left.isEmpty {
            reportTestFailure(
                "Unconsumed events: \(left.map { "\($0)" }.joined(separator: ", "))",
                file: file, line: line, sourceLocation: sourceLocation)
        }
    }
}

/// The events of a sequence under test, awaited one at a time
/// (``RxSwift/ObservableConvertibleType/test(timeout:isolation:fileID:file:line:column:_:)``).
public final class EventStream<Element>: @unchecked Sendable {
    // @unchecked Sendable: `buffer`, `waiter`, `subscription` and `ignoring` are touched only
    // under `lock`; an element is handed from the delivering thread to the awaiting task once.
    private let lock = NSLock()
    private var buffer: [Event<Element>] = []
    private var waiter: CheckedContinuation<Event<Element>?, Never>?
    private var subscription: Disposable?
    private var ignoring = false
    private var cancelled = false
    /// How many waits began: a timeout ends only its own.
    private var waits = 0
    private let timeout: Duration
    /// Starts a wait's timer: calls its second argument once the first has passed (on the real
    /// clock, `startTimer(after:then:)`; this type's tests pass timers they fire by hand).
    private let startTimer: @Sendable (Duration, @escaping @Sendable () -> Void) -> Void

    init(
        timeout: Duration,
        startTimer: @escaping @Sendable (Duration, @escaping @Sendable () -> Void) -> Void = startTimer(after:then:)
    ) {
        self.timeout = timeout
        self.startTimer = startTimer
    }

    func subscribe(to source: Observable<Element>) {
        let subscription = source.subscribe { [weak self] event in self?.receive(event) }
        lock.lock()
        if !cancelled {
            self.subscription = subscription
            lock.unlock()
        } else {
            lock.unlock()
            subscription.dispose()
        }
    }

    private func receive(_ event: Event<Element>) {
        lock.lock()
        if let waiter {
            self.waiter = nil
            lock.unlock()
            // Handed to the awaiting task once; this thread does not touch it again.
            nonisolated(unsafe) let handedOver: Result<Event<Element>?, Never> = .success(event)
            waiter.resume(with: handedOver)
        } else {
            buffer.append(event)
            lock.unlock()
        }
    }

    /// The next event, whatever its kind.
    ///
    /// - Throws: ``EventStreamFailure`` when none arrives within the timeout; `CancellationError`
    ///   when the awaiting task is cancelled.
    public func awaitEvent() async throws -> Event<Element> {
        let timeout = timeout
        let waited: Event<Element>? = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Event<Element>?, Never>) in
                lock.lock()
                if !buffer.isEmpty {
                    nonisolated(unsafe) let event = buffer.removeFirst()
                    lock.unlock()
                    return continuation.resume(returning: event)
                }
                if Task.isCancelled {
                    lock.unlock()
                    return continuation.resume(returning: nil)
                }
                waiter = continuation
                waits += 1
                let wait = waits
                lock.unlock()
                startTimer(timeout) { [weak self] in self?.giveUpWaiting(wait) }
            }
        } onCancel: {
            giveUpWaiting(nil)
        }
        try Task.checkCancellation()
        guard let waited else { throw EventStreamFailure("No event within \(timeout)") }
        return waited
    }

    /// Ends the current wait without an event: wait number `wait` (its timeout), or any (`nil`:
    /// the awaiting task was cancelled).
    private func giveUpWaiting(_ wait: Int?) {
        lock.lock()
        guard let waiter, wait == nil || wait == waits else { return lock.unlock() }
        self.waiter = nil
        lock.unlock()
        waiter.resume(returning: nil)
    }

    /// The next element.
    ///
    /// - Throws: ``EventStreamFailure`` when the next event is a terminal one or none arrives in
    ///   time.
    public func awaitNext() async throws -> Element {
        let event = try await awaitEvent()
        guard case .next(let element) = event else { throw EventStreamFailure("Expected next, got \(event)") }
        return element
    }

    /// Awaits completion.
    ///
    /// - Throws: ``EventStreamFailure`` when the next event is not completion or none arrives in time.
    public func awaitComplete() async throws {
        let event = try await awaitEvent()
        guard case .completed = event else { throw EventStreamFailure("Expected completed, got \(event)") }
    }

    /// The error that ends the sequence.
    ///
    /// - Throws: ``EventStreamFailure`` when the next event is not an error or none arrives in time.
    public func awaitError() async throws -> Swift.Error {
        let event = try await awaitEvent()
        guard case .error(let error) = event else { throw EventStreamFailure("Expected error, got \(event)") }
        return error
    }

    /// Awaits and drops `count` elements.
    ///
    /// - Parameter count: How many elements to skip.
    /// - Throws: ``EventStreamFailure`` when one of the events is a terminal one or does not arrive
    ///   in time.
    public func skipItems(_ count: Int) async throws {
        for _ in 0..<count { _ = try await awaitNext() }
    }

    /// Fails the test if an event has arrived that was not awaited.
    ///
    /// - Parameters:
    ///   - fileID: The file reported (Swift Testing).
    ///   - file: The file reported.
    ///   - line: The line reported.
    ///   - column: The column reported (Swift Testing).
    public func expectNoEvents(
        fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let sourceLocation = SourceLocation(fileID: fileID, file: file, line: line, column: column)
        let waiting = lock.withLock { buffer }
        if !waiting.isEmpty {
            reportTestFailure(
                "Expected no events, got: \(waiting.map { "\($0)" }.joined(separator: ", "))",
                file: file, line: line, sourceLocation: sourceLocation)
        }
    }

    /// Disposes the subscription; events already arrived and not awaited are still reported when
    /// the test block ends.
    public func cancel() {
        lock.lock()
        let subscription = self.subscription
        self.subscription = nil
        cancelled = true
        lock.unlock()
        subscription?.dispose()
    }

    /// Disposes the subscription and drops every event not awaited: the block ends without
    /// checking them.
    public func cancelAndIgnoreRemainingEvents() {
        lock.lock()
        ignoring = true
        buffer.removeAll()
        lock.unlock()
        cancel()
    }

    /// The events that arrived and were not awaited (none once ignored).
    func unconsumed() -> [Event<Element>] {
        lock.withLock { ignoring ? [] : buffer }
    }
}

/// Why an ``EventStream`` await failed: the message says what was expected and what came.
public struct EventStreamFailure: Error, CustomStringConvertible {
    /// What was expected and what came.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension SourceLocation {
    /// The place of a call, from the literals that need no macro (so that a file importing XCTest
    /// and RxTest alone can call the helpers that take it).
    init(fileID: String, file: StaticString, line: UInt, column: UInt) {
        self.init(fileID: fileID, filePath: "\(file)", line: Int(line), column: Int(column))
    }
}

/// Records a failure in the running Swift Testing test, or else in XCTest.
func reportTestFailure(_ message: String, file: StaticString, line: UInt, sourceLocation: SourceLocation) {
    if Test.current != nil || IssueRecorder.override != nil {
        recordIssue(message, at: sourceLocation)
    } else {
        XCTFail(message, file: file, line: line)
    }
}

/// Calls `expired` once `timeout` has passed on the real clock.
private func startTimer(after timeout: Duration, then expired: @escaping @Sendable () -> Void) {
    Task {
        try? await Task.sleep(for: timeout)
        expired()
    }
}
