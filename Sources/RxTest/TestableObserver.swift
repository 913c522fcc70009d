import RxSwift

/// An observer that records every event it receives with the virtual time it arrived at.
public final class TestableObserver<Element>: ObserverType {
    /// The scheduler whose clock stamps the events.
    public let scheduler: TestScheduler
    /// The recorded events, in arrival order.
    public private(set) var events: [Recorded<Event<Element>>] = []

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// Records `event` at the scheduler's current time.
    ///
    /// - Parameter event: The event.
    public func on(_ event: Event<Element>) {
        events.append(Recorded(time: scheduler.clock, value: event))
    }
}
