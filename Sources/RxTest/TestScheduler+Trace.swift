import RxSwift

extension TestScheduler {
    /// Starts a fresh `RxTrace` recording timed by this scheduler's clock: a recording made on
    /// virtual time is the same on every run, so a test can compare it with a file
    /// (`RxTrace.recording().marbles()`) or attach it to a failure. Ends with `RxTrace.reset()`.
    public func traceOnVirtualTime() {
        RxTrace.reset()
        RxTrace.useVirtualClock { [weak self] in self?.clock ?? 0 }
    }
}
