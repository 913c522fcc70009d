import RxSwift

/// A test sequence that emits recorded events on a `TestScheduler` and records its subscriptions.
public class TestableObservable<Element>: ObservableType {
    /// The scheduler the events are emitted on.
    public let testScheduler: TestScheduler
    /// The events this sequence emits.
    public let recordedEvents: [Recorded<Event<Element>>]
    /// Every subscription, with subscribe and unsubscribe times.
    public internal(set) var subscriptions: [Subscription] = []

    init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        self.testScheduler = testScheduler
        self.recordedEvents = recordedEvents
    }

    /// Subscribes `observer`; overridden by hot and cold sequences.
    ///
    /// - Parameter observer: The observer that receives the events.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        fatalError("TestableObservable.subscribe: use createHotObservable or createColdObservable")
    }

    /// Records the start of a subscription; returns a disposable that records its end once.
    func recordSubscription(onDispose: @escaping () -> Void) -> Disposable {
        let index = subscriptions.count
        subscriptions.append(Subscription(testScheduler.clock))
        return Disposables.create { [weak self] in
            onDispose()
            guard let self else { return }
            subscriptions[index] = Subscription(subscriptions[index].subscribe, testScheduler.clock)
        }
    }
}

/// Emits its events at their absolute times to whoever is subscribed then: the observer in the
/// first place, then the others in subscription order. As in RxSwift, a subscriber arriving
/// after the first one left takes the first place.
final class HotObservable<Element>: TestableObservable<Element> {
    private var first: (key: Int, observer: AnyObserver<Element>)?
    private var others: [(key: Int, observer: AnyObserver<Element>)] = []
    private var nextKey = 0

    override init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        super.init(testScheduler: testScheduler, recordedEvents: recordedEvents)
        // The scheduled events hold the observable (as in RxSwift), so that one nothing else
        // stores (`_ = scheduler.createHotObservable(…).subscribe(…)`) still emits. The scheduler
        // lets go of each event once it has run.
        for recorded in recordedEvents {
            testScheduler.scheduleAt(recorded.time) { [self] in
                let current = (first.map { [$0] } ?? []) + others
                for (key, observer) in current where isSubscribed(key) {
                    observer.on(recorded.value)
                }
            }
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let key = nextKey
        nextKey += 1
        if first == nil {
            first = (key, AnyObserver(observer))
        } else {
            others.append((key, AnyObserver(observer)))
        }
        return recordSubscription { [weak self] in self?.unsubscribe(key) }
    }

    private func isSubscribed(_ key: Int) -> Bool {
        first?.key == key || others.contains { $0.key == key }
    }

    private func unsubscribe(_ key: Int) {
        if first?.key == key {
            first = nil
        } else {
            others.removeAll { $0.key == key }
        }
    }
}

/// Emits its events at times relative to each subscription.
final class ColdObservable<Element>: TestableObservable<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let scheduled = CompositeDisposable()
        for recorded in recordedEvents {
            scheduled.insert(
                testScheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { _ in
                    observer.on(recorded.value)
                    return Disposables.create()
                })
        }
        return recordSubscription { scheduled.dispose() }
    }
}
