import Dispatch
import Observation

extension Observable {
    /// A sequence of the value `read` returns, read again after every change to the observable
    /// properties (`@Observable`) it read: the bridge from Swift's Observation to Rx.
    ///
    /// Each subscription reads the current value at once and emits it, then, after each change
    /// to a property the last read touched, reads and emits again. Changes made together (in one
    /// turn of the code that makes them, before the next read) give one element, the value after
    /// the last of them, as SwiftUI and `Observations` see them. Every read is an element, equal
    /// or not to the previous one: add `distinctUntilChanged()` to drop repeats. The sequence
    /// never ends; disposing the subscription stops reading at once.
    ///
    /// `read` runs on its isolation, as every closure of the library does: a closure written in
    /// `@MainActor` code reads (and its elements are delivered) on the main actor, the first
    /// read synchronously when subscribed there, each later one in a block of the main queue
    /// after the change; one written in an actor's method reads on that actor, in its jobs.
    /// (Changes are seen as made on that actor, as an actor's model is changed.) A closure of
    /// no actor (in a plain, nonisolated view model) has no place to read that is sure to come
    /// after a change made on another thread (Observation tells of a change before it is made):
    /// pass the scheduler on which the model changes, with ``observe(scheduler:_:)``; without
    /// one the sequence fails at once with ``ObservationError/closureOfNoActor``.
    ///
    /// ```swift
    /// @MainActor
    /// final class SearchScreen {
    ///     let model = SearchModel()            // an @Observable, @MainActor model
    ///
    ///     func bind() -> Disposable {
    ///         Observable.observe { self.model.query }
    ///             .distinctUntilChanged()
    ///             .subscribe(onNext: { print("query:", $0) })
    ///     }
    /// }
    /// ```
    ///
    /// The subscription holds `read` (and what it captures), never the other way round: the
    /// model keeps only a weak reference to the subscription until its next change, so neither
    /// keeps the other alive.
    ///
    /// - Parameter read: Reads the value from one or more `@Observable` models; runs on its isolation.
    public static func observe(
        _ read: @escaping @isolated(any) () -> Element
    ) -> Observable<Element> {
        let (body, actor) = Isolation.split(read)
        guard let actor else { return Observable.error(ObservationError.closureOfNoActor) }
        let later: (ReadAgain) -> Disposable
        if Isolation.isMain(actor) {
            later = { read in MainScheduler.asyncInstance.schedule(read, action: ReadAgain.run) }
        } else {
            let scheduler = ActorScheduler(actor)
            later = { read in scheduler.schedule(read, action: ReadAgain.run) }
        }
        return ObservationObservable(read: body, later: later).subscribed(on: actor)
    }

    /// ``observe(_:)`` with the reads after each change scheduled on `scheduler`, then made on
    /// `read`'s actor when it has one: for a closure of no actor, the thread you choose; in tests,
    /// a `TestScheduler`, where a change made at a virtual time is read one tick later (as
    /// `observe(on:)` a `TestScheduler` delivers), after the scheduled work that made it.
    ///
    /// ```swift
    /// let names = scheduler.createObserver(String.self)
    /// scheduler.scheduleAt(100) { model.name = "Ada" }
    /// Observable.observe(scheduler: scheduler) { model.name }.subscribe(names)
    /// scheduler.start()    // names: next(0, ""), next(101, "Ada")
    /// ```
    ///
    /// - Parameters:
    ///   - scheduler: Where the reads after a change are scheduled (`scheduleRelative` with no delay: none of the
    ///     library's schedulers runs such an action before the change is made). Changes are seen as made there.
    ///   - read: Reads the value from one or more `@Observable` models; runs on its isolation.
    public static func observe(
        scheduler: SchedulerType, _ read: @escaping @isolated(any) () -> Element
    ) -> Observable<Element> {
        let (body, actor) = Isolation.split(read)
        let then = actor.map(Isolation.scheduler(for:))
        let later: (ReadAgain) -> Disposable = { read in
            scheduler.scheduleRelative(read, dueTime: .nanoseconds(0)) { read in
                guard let then else { return ReadAgain.run(read) }
                return then.schedule(read, action: ReadAgain.run)
            }
        }
        return ObservationObservable(read: body, later: later).subscribed(on: actor)
    }
}

/// Why `Observable.observe` failed.
public enum ObservationError: Error, CustomStringConvertible {
    /// `Observable.observe(_:)` was given a closure of no actor: nothing says where its model
    /// changes, so no read could be sure to come after a change made on another thread. Write
    /// the closure in the code of the model's actor (`@MainActor` code, an actor's method), or
    /// pass the scheduler on which the model changes (`observe(scheduler:_:)`).
    case closureOfNoActor

    /// What went wrong and how to mend it.
    public var description: String {
        """
        Observable.observe(_:) was given a closure of no actor: write it in the code of the \
        model's actor (@MainActor code, an actor's method), or pass the scheduler on which the \
        model changes: Observable.observe(scheduler:_:).
        """
    }
}

/// `Observable.observe`: one `ObservationSink` per subscription.
final class ObservationObservable<Element>: Producer<Element> {
    private let read: () -> Element
    private let later: (ReadAgain) -> Disposable

    init(read: @escaping () -> Element, later: @escaping (ReadAgain) -> Disposable) {
        self.read = read
        self.later = later
    }

    override func run(receiver: Link) -> Link {
        let sink = ObservationSink(read: read, later: later, downstream: receiver)
        sink.attach(NopDisposable.shared)
        sink.readAndSend()
        return sink
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        run(receiver: observer.receiverLink)
    }
}

/// Reads the value under `withObservationTracking`, emits it, and on the first change after
/// that schedules the next read (`later`). Reads never overlap: a read scheduled while one is
/// running is made by that one, after it has emitted.
final class ObservationSink<Element>: Sink<Never, Element>, @unchecked Sendable {
    // @unchecked Sendable: `reading`, `again` and `pending` are guarded by `lock`; `read`,
    // `later` and `rereading` (set in `init`, before the sink is shared) are not written again,
    // and `read` is called only where its isolation allows (the sink is subscribed on its actor
    // and `later` schedules onto it).
    private let read: () -> Element
    private let later: (ReadAgain) -> Disposable
    /// What `later` schedules: holds the sink weakly, so that a read still queued when the
    /// subscription ends keeps nothing alive.
    @exclusivity(unchecked) private var rereading: ReadAgain!
    private let lock = Lock()
    // `lock` excludes overlapping access: run-time exclusivity checks would only cost time.
    @exclusivity(unchecked) private var reading = false
    @exclusivity(unchecked) private var again = false
    @exclusivity(unchecked) private var pending: Disposable?

    init(read: @escaping () -> Element, later: @escaping (ReadAgain) -> Disposable, downstream: Link) {
        self.read = read
        self.later = later
        super.init(downstream: downstream)
        rereading = ReadAgain { [weak self] in self?.readAndSend() }
    }

    /// Reads and emits, again while reads were asked for meanwhile.
    func readAndSend() {
        let first = lock.withLock { () -> Bool in
            if reading {
                again = true
                return false
            }
            reading = true
            return true
        }
        guard first else { return }
        repeat {
            guard !isDisposed else { return }
            let value = withObservationTracking(read) { [weak self] in self?.changed() }
            forwardNext(value)
        } while lock.withLock({ () -> Bool in
            if again {
                again = false
                return true
            }
            reading = false
            return false
        })
    }

    /// A property the last read touched is about to change (called where it changes, before
    /// the new value is stored): the next read is scheduled.
    private func changed() {
        guard !isDisposed else { return }
        let work = later(rereading)
        // Disposal checked under the lock, as in `SwitchSink.receiveNext`.
        let kept = lock.withLock { () -> Bool in
            guard !isDisposed else { return false }
            pending = work
            return true
        }
        if !kept { work.dispose() }
    }

    override func disposeResources() {
        let work = lock.withLock { () -> Disposable? in
            defer { pending = nil }
            return pending
        }
        work?.dispose()
    }
}

/// A read `Observable.observe` schedules after a change. Not generic, so that scheduling it looks
/// no type metadata up (a generic state cost 1,400 CPU instructions per change).
final class ReadAgain: Sendable {
    private let read: @Sendable () -> Void

    init(_ read: @escaping @Sendable () -> Void) {
        self.read = read
    }

    /// Reads, as a scheduled action.
    static func run(_ again: ReadAgain) -> Disposable {
        again.read()
        return Disposables.create()
    }
}
