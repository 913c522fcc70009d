import Dispatch
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

    /// Rounds of spinning that double from 1/32 µs to 8 µs (1/32, 1/16, 1/8, 1/4, 1/2, 1, 2,
    /// 4, 8, 8: about 24 µs in all; the caller takes the lock to check again after each), then
    /// `yieldRounds` yields of the processor. The first checks come soon, as a delivery takes
    /// 60–80 ns: a sender that first looked again after half a microsecond waited that long
    /// for a role freed long before, and at 8 threads on 2 cores one send in a hundred took
    /// 2–6 µs (against 0.09 µs alone); with these rounds, 0.57–0.81 µs in most runs, at 75–92%
    /// of the 1-thread throughput (93% before, when the host placed the two cores near). The checks
    /// grow further apart as the wait grows: each takes the lock's cache line from the
    /// deliverer, which costs more when the two threads' cores are far apart (Benchmarks/README.md,
    /// "Many threads, one sequence").
    private static var spinRounds: Int { 10 }
    private static var yieldRounds: Int { 2 }

    #if DEBUG
    /// Rounds waited by every `Backoff` so far (debug builds only): tests check that a thread
    /// never waits where it must not (for a role it holds itself).
    private static let waited = Atomic<Int>(0)

    package static var roundsWaited: Int { waited.load(ordering: .relaxed) }
    #endif

    /// How many rounds were waited.
    var rounds: Int { round }

    /// Waits one round; returns false, without waiting, once every round was used.
    mutating func wait() -> Bool {
        wait(until: { false })
    }

    /// Waits one round, or less once `ready` is true (asked between spin pauses); returns
    /// false, without waiting, once every round was used.
    @inline(__always)
    mutating func wait(until ready: () -> Bool) -> Bool {
        defer { round += 1 }
        #if DEBUG
        Self.waited.add(1, ordering: .relaxed)
        #endif
        if round < Self.spinRounds {
            // 2^round / 32 µs, at most 8.
            var left = max(1, (SpinPause.perMicrosecond << min(round, 8)) / 32)
            while left > 0 && !ready() {
                openrx_spin_pause()
                left -= 1
            }
            return true
        }
        if round < Self.spinRounds + Self.yieldRounds {
            sched_yield()
            return true
        }
        return false
    }
}

/// The wait of a sender that found a deliverer's queue full (`SubjectCore.maximumQueued`): it
/// sleeps in growing steps (50 µs, doubling to 0.8 ms) while the deliverer takes items from the
/// queue, so that senders faster than their subscribers are held back instead of filling memory,
/// as they are in RxSwift, whose senders deliver themselves. It waits only for a deliverer that
/// makes progress: once the deliverer has taken nothing for `stallLimit` (it may be waiting for
/// something the sender holds), `wait` says so and the sender queues its item anyway, so no
/// two threads wait for each other for longer than that.
struct DrainWait {
    /// How long a deliverer may take nothing before a sender stops waiting for it: 50 ms, longer
    /// than a time slice on a busy machine and than a slow subscriber's delivery.
    static var stallLimit: UInt64 { 50_000_000 }
    private var progress: UInt = .max
    private var since: UInt64 = 0
    private var pause: UInt32 = 50

    /// Sleeps one step, given how many items the deliverer has taken so far; returns false,
    /// without sleeping, once that count has not moved for `stallLimit`.
    mutating func wait(taken: UInt) -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        if taken != progress {
            progress = taken
            since = now
        } else if now &- since > Self.stallLimit {
            return false
        }
        usleep(pause)
        pause = min(pause * 2, 800)
        return true
    }
}

/// The processor's spin pause (x86 `pause`, ARM `yield`), timed: spins are written in time, not
/// in pauses, because a pause lasts from a few nanoseconds to over 40 depending on the processor
/// (23 ns on the machine the benchmarks ran on). Counted in pauses, a spin is several times
/// shorter on some processors, and a waiter that checks the lock that much more often takes its
/// cache line from the thread it waits for: with a 3.75 ns stand-in for the pause and the counts
/// of that machine, `BehaviorRelay.accept` from 8 threads on 2 cores kept 41 % of its 1-thread
/// throughput, and 74 % with spins in time (Benchmarks/README.md, "Many threads, one sequence").
enum SpinPause {
    /// How many pauses last a microsecond on this processor: measured once, when a thread first
    /// spins (the fastest of 8 timings of 100 pauses, so that a timing the thread was
    /// descheduled in is not taken), at least 4 and at most 1,000.
    static let perMicrosecond: Int = {
        var fastest = UInt64.max
        for _ in 0..<8 {
            let start = DispatchTime.now().uptimeNanoseconds
            spin(pauses: 100)
            fastest = min(fastest, DispatchTime.now().uptimeNanoseconds &- start)
        }
        return Int(min(max(100_000 / max(fastest, 1), 4), 1_000))
    }()

    /// Spins for about `nanoseconds`.
    static func spin(nanoseconds: Int) {
        spin(pauses: max(1, perMicrosecond * nanoseconds / 1_000))
    }

    @inline(__always)
    static func spin(pauses: Int) {
        for _ in 0..<pauses { openrx_spin_pause() }
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
