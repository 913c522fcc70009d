import Dispatch

/// The library's own hops to main (a closure of the main actor whose event arrived on another
/// thread), in the order they were made: each is queued here and a block of the main queue runs
/// the oldest one waiting.
///
/// Code that blocks the main thread until a sequence ends (RxBlocking's `toBlocking()` waiting
/// on main) runs the waiting hops itself (`runWaiting()`): a main-queue block cannot run while
/// the main thread is blocked inside another one (an `async` test method of a `@MainActor` test
/// case, a `MainActor` job), so a chain whose closures belong to the main actor would otherwise
/// wait for the very thread that waits for it, and never end.
package enum MainQueue {
    private static let waiting = Locked(Outbox<UncheckedBox<() -> Void>>())

    /// Runs `work` on main, after the hops queued before it.
    static func async(_ work: @escaping () -> Void) {
        let work = UncheckedBox(work)
        waiting.withLock { $0.append(work) }
        DispatchQueue.main.async { runOldest() }
    }

    @discardableResult
    private static func runOldest() -> Bool {
        guard let work = waiting.withLock({ $0.popFirst() }) else { return false }
        work.value()
        return true
    }

    /// Runs every hop waiting, oldest first, including those they queue; returns whether it ran
    /// any. Call it on the main thread only, from code that blocks it while waiting for a
    /// sequence; the main queue's own blocks for these hops then find nothing left to run.
    package static func runWaiting() -> Bool {
        precondition(MainScheduler.isOnMain, "MainQueue.runWaiting() runs main-actor work: call it on main")
        var ran = false
        while runOldest() { ran = true }
        return ran
    }
}
