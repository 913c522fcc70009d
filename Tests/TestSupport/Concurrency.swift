import Foundation
import Synchronization

/// A value shared between test threads, guarded by a Mutex.
public final class LockedBox<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    public var value: Value { mutex.withLock { $0 } }

    public func mutate(_ body: (inout Value) -> Void) {
        mutex.withLock { body(&$0) }
    }
}

/// Runs `body(index)` on `count` threads at once and waits for all of them (bounded by `timeout`).
/// Each thread drops its reference to `body` before signalling, so what `body` captured is
/// released when this returns (the resource-leak check runs right after).
public func runConcurrently(_ count: Int, timeout: TimeInterval = 30, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let handOff = LockedBox<(@Sendable (Int) -> Void)?>(body)
        Thread.detachNewThread {
            var work: (@Sendable (Int) -> Void)?
            handOff.mutate { swap(&work, &$0) }
            work?(index)
            work = nil
            group.leave()
        }
    }
    precondition(group.wait(timeout: .now() + timeout) == .success, "concurrent test did not finish in \(timeout) s")
}

/// Carries a non-Sendable test value to another thread.
public struct UncheckedSendable<Value>: @unchecked Sendable {
    // @unchecked Sendable: each test hands the value over once and waits for the other thread
    // before touching it again.
    public let value: Value

    public init(_ value: Value) {
        self.value = value
    }
}
