import Synchronization

/// Debug-build detector of re-entrant or concurrent delivery to one observer. Release builds
/// compile it to nothing.
struct DeliveryTracker: ~Copyable {
    #if DEBUG
    private let busy = Atomic<Bool>(false)
    #endif

    init() {}

    /// Marks the start of a delivery; warns through `Hooks.warningHandler` if one is under way.
    @inline(__always)
    func enter(_ what: @autoclosure () -> String) {
        #if DEBUG
        if busy.exchange(true, ordering: .acquiring) {
            Hooks.warn(
                """
                ⚠️ Reentrancy anomaly was detected.
                  > Debugging: set a breakpoint on `Hooks.warningHandler`.
                  > Problem: an event was delivered to \(what()) while it was still handling the \
                previous one, from the same thread (re-entrancy) or another one (concurrent delivery).
                  > The Rx grammar requires serial delivery: use `observe(on:)` with a serial \
                scheduler, or a subject, to serialise the sources.
                """)
        }
        #endif
    }

    /// Marks the end of a delivery.
    @inline(__always)
    func leave() {
        #if DEBUG
        busy.store(false, ordering: .releasing)
        #endif
    }
}
