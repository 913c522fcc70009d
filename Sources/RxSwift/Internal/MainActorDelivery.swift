import Dispatch
import Synchronization

/// A sequence whose events are delivered on main, for the closures of the main actor that follow
/// it (`delivered(on:)`): an event that arrives on main while none of the subscription's waits
/// goes through at once, in the same turn; any other is delivered by a block of the main queue,
/// one block per event, in arrival order (as `observe(on: MainScheduler.instance)` queues them),
/// and never after disposal or a terminal event.
final class MainActorDeliveryObservable<Element>: Producer<Element>, ActorDelivering, TraceTransparent {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    var deliveryActor: (any Actor)? { MainActor.shared }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        run(receiver: observer.receiverLink)
    }

    override func run(receiver: Link) -> Link {
        MainActorDeliverySink<Element>(downstream: receiver).run(source)
    }
}

/// `MainActorDeliveryObservable`'s stage: one counter more than a `Sink`.
final class MainActorDeliverySink<Element>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `waiting` is an atomic.

    /// This subscription's events waiting on the main queue.
    private let waiting = Atomic<Int>(0)

    override func receiveNext(_ element: Element) {
        if waiting.load(ordering: .acquiring) == 0 && MainScheduler.isOnMain { return forwardNext(element) }
        enqueue(.next(element))
    }

    override func receiveError(_ error: Swift.Error) {
        if waiting.load(ordering: .acquiring) == 0 && MainScheduler.isOnMain { return forwardError(error) }
        enqueue(.error(error))
    }

    override func receiveCompleted() {
        if waiting.load(ordering: .acquiring) == 0 && MainScheduler.isOnMain { return forwardCompleted() }
        enqueue(.completed)
    }

    /// Delivers `event` from a block of the main queue, after the ones queued before it.
    @inline(never)
    private func enqueue(_ event: Event<Element>) {
        guard !isDisposed else { return }
        waiting.add(1, ordering: .acquiringAndReleasing)
        let work = UncheckedBox((self, event))
        MainQueue.async {
            let sink = work.value.0
            if !sink.isDisposed { sink.forward(work.value.1) }
            sink.waiting.subtract(1, ordering: .releasing)
        }
    }
}
