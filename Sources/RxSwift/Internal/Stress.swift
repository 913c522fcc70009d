#if OPENRX_STRESS
import Foundation
import Synchronization
#endif

/// The stress mode: built with `-Xswiftc -DOPENRX_STRESS` (what `scripts/stress.sh` and the
/// bounded run in `.ci/run` do), the library yields the processor or pauses for a few
/// microseconds, at random, at the points where work passes from one thread to another: after a
/// lock is released (so also between an inner sequence's end and the choice of the next, each a
/// locked step), before a scheduled action runs, and after a timer is started and before
/// `scheduleRelative` returns.
/// Interleavings that a real machine produces once in a million runs then come every few runs,
/// and the real-thread invariant suite (`RealThreadInvariantTests`) sees them.
///
/// In every other build `handover()` is empty and inlined: it costs nothing.
package enum Stress {
    #if OPENRX_STRESS
    /// A counter hashed into the random choice: cheap, and different on every call.
    private static let counter = Atomic<UInt64>(0x9E37_79B9_7F4A_7C15)

    /// Whether hand-overs are being counted by place (`countingPlaces(_:)`).
    private static let counting = Atomic<Bool>(false)
    /// How many hand-overs each place passed while counting: "RxSwift/RefCount.swift left(_:subject:)".
    /// Synchronization's `Mutex`, not the library's lock, whose release is itself a hand-over.
    private static let places = Mutex<[String: Int]>([:])

    /// Runs `body` and returns how many hand-overs each place (a file and the function whose
    /// lock was released, or that started a timer) passed meanwhile, on every thread: a test
    /// checks that a batch reaches the locked steps it is meant to interleave.
    package static func countingPlaces(_ body: () -> Void) -> [String: Int] {
        places.withLock { $0 = [:] }
        counting.store(true, ordering: .sequentiallyConsistent)
        body()
        counting.store(false, ordering: .sequentiallyConsistent)
        return places.withLock { $0 }
    }

    /// Yields (one call in four) or sleeps 1–64 µs (one in thirty-two), at random; with
    /// `long`, sleeps up to 512 µs one call in eight (after a timer was started: longer than the
    /// short timers of the invariant suite, so that they fire before `scheduleRelative` returns).
    /// `file` and `function` name the place, for `countingPlaces(_:)`.
    static func handover(long: Bool = false, file: StaticString = #fileID, function: StaticString = #function) {
        if counting.load(ordering: .relaxed) {
            let place = "\(file) \(function)"
            places.withLock { $0[place, default: 0] += 1 }
        }
        var x = counter.wrappingAdd(0x9E37_79B9_7F4A_7C15, ordering: .relaxed).newValue
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        x ^= x >> 31
        if long, x & 7 == 0 {
            usleep(UInt32(1 + (x >> 3) & 511))
            return
        }
        switch x & 127 {
        case 0..<4: usleep(UInt32(1 + (x >> 7) & 63))
        case 4..<36: sched_yield()
        default: break
        }
    }
    #else
    @inline(__always)
    static func handover(long: Bool = false, file: StaticString = #fileID, function: StaticString = #function) {}
    #endif
}
