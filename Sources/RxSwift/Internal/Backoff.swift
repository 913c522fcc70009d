internal import OpenRxShims
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A bounded wait for something another thread is about to give up (a serial deliverer's role):
/// a few rounds of spinning, then a few yields of the processor, then no more. The caller checks
/// again after each round and, once `wait()` says the time is up, stops waiting and takes its
/// other way (queueing its item for the thread that has the role). It never sleeps on anything,
/// so it never waits for a thread that cannot run, and a thread that holds the role waits for
/// nobody: no cycle of waits can form.
package struct Backoff {
    private var round = 0

    /// Rounds of `pausesPerRound` spin pauses, then `yieldRounds` yields of the processor.
    private static var spinRounds: Int { 16 }
    private static var pausesPerRound: Int { 32 }
    private static var yieldRounds: Int { 2 }

    #if DEBUG
    /// Rounds waited by every `Backoff` so far (debug builds only): tests check that a thread
    /// never waits where it must not (for a role it holds itself).
    private static let waited = Atomic<Int>(0)

    package static var roundsWaited: Int { waited.load(ordering: .relaxed) }
    #endif

    /// Waits one round; returns false, without waiting, once every round was used.
    mutating func wait() -> Bool {
        defer { round += 1 }
        #if DEBUG
        Self.waited.add(1, ordering: .relaxed)
        #endif
        if round < Self.spinRounds {
            for _ in 0..<Self.pausesPerRound { openrx_spin_pause() }
            return true
        }
        if round < Self.spinRounds + Self.yieldRounds {
            sched_yield()
            return true
        }
        return false
    }
}

/// The calling thread's identity, to tell a re-entrant call (from inside a delivery this thread
/// makes) from another thread's.
@inline(__always)
func currentThreadID() -> UInt {
    #if canImport(Glibc) || canImport(Musl)
    UInt(pthread_self())
    #else
    UInt(bitPattern: pthread_self())
    #endif
}
