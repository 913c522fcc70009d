import Synchronization

/// Connects on the first subscriber and disconnects when the last one leaves, or as soon as the
/// shared sequence terminates: the next subscriber then starts a new connection (RxSwift's rules).
final class RefCountObservable<Connectable: ConnectableObservableType>: Producer<Connectable.Element>,
    @unchecked Sendable
{
    // @unchecked Sendable: `count`, `connectionId`, `connection`, `joinedSubject`, `joinedCount` and
    // `earlier` are guarded by `lock`; `source` and `shared` are immutable.
    private let source: Connectable
    private let lock = Lock()
    private var count = 0
    private var connectionId = 0
    private var connection: Disposable?
    /// Library connectables: the subject the counted subscribers joined last, and how many are on
    /// it; `earlier` holds those on subjects before it (a connection disposed from outside makes
    /// a new one). A subject that terminated with counted subscribers ends the count, as RxSwift's
    /// subscribers seeing its terminal event do; a connection disposed from outside does not.
    private var joinedSubject: Observable<Connectable.Element>?
    private var joinedCount = 0
    /// Not generic, so that the common path (one subject) looks no type metadata up to check it.
    private var earlier: [ObjectIdentifier: EarlierSubject] = [:]

    /// `source` as the library's own connectable (share, publish, replay, multicast), cast once.
    private let shared: ConnectableObservable<Connectable.Element>?

    init(source: Connectable) {
        self.source = source
        self.shared = source as? ConnectableObservable<Connectable.Element>
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Connectable.Element {
        run(receiver: observer.receiverLink)
    }

    override func run(receiver: Link) -> Link {
        var terminated = false
        var subject: Observable<Connectable.Element>?
        if let shared,
            let subscription = shared.subscribeForRefCount(
                receiver: receiver, subject: &subject, terminated: &terminated),
            let subject
        {
            return counted(subscription, terminated: terminated, subject: subject)
        }
        let sink = RefCountSink(parent: self, downstream: receiver)
        let subscription = source.subscribe(sink)
        // A subscriber that the (already terminated) subject has just ended does not connect.
        let joined = join(unless: sink.isDisposed) { sink.connectionId = $0 }
        sink.attach(subscription)
        if let joined { connectIfFirst(joined) }
        return sink
    }

    private func counted(_ subscription: Link, terminated: Bool, subject: Observable<Connectable.Element>) -> Link {
        if terminated { return subscription }
        let key = ObjectIdentifier(subject)
        guard let joined = join(subject: subject) else { return subscription }
        connectIfFirst(joined)
        return RefCountedSubscription(subscription) { [self] in
            // A subscriber that leaves because its subject terminated (its observer disposes on
            // the terminal event) ends the count, as RxSwift's sink does on that event, even
            // when the subject is not the connection's (a connection disposed from outside):
            // taken as one subscriber less, its evidence would leave with it.
            if subject.terminationIfSubject == true {
                self.terminated(joined.id)
            } else {
                left(joined.id, subject: key)
            }
        }
    }

    private func join(
        subject: Observable<Connectable.Element>? = nil, unless excluded: @autoclosure () -> Bool = false,
        counted: (Int) -> Void = { _ in }
    ) -> RefCountJoin? {
        lock.withLock { () -> RefCountJoin? in
            if excluded() { return nil }
            // A subscriber joining the live subject the others are on (`counted` knows it has not
            // terminated) needs no look at the subjects.
            let sameLiveSubject = subject != nil && subject === joinedSubject && earlier.isEmpty
            if count > 0, !sameLiveSubject, joinedSubjectTerminated() {
                // A subject terminated while counted subscribers were on it: they saw its end.
                count = 0
                connectionId &+= 1
                connection = nil
                forgetJoined()
            }
            counted(connectionId)
            count += 1
            if let subject { joinedOne(subject) }
            return RefCountJoin(id: connectionId, first: count == 1)
        }
    }

    /// Whether a subject with counted subscribers on it has terminated. Under `lock`.
    private func joinedSubjectTerminated() -> Bool {
        if joinedCount > 0, joinedSubject?.terminationIfSubject == true { return true }
        return earlier.values.contains { $0.hasTerminated() }
    }

    /// Counts one more subscriber on `subject`. Under `lock`.
    private func joinedOne(_ subject: Observable<Connectable.Element>) {
        if subject === joinedSubject {
            joinedCount += 1
            return
        }
        if let previous = joinedSubject, joinedCount > 0 {
            earlier[ObjectIdentifier(previous)] = EarlierSubject(
                hasTerminated: { previous.terminationIfSubject == true }, count: joinedCount)
        }
        joinedSubject = subject
        joinedCount = (earlier.removeValue(forKey: ObjectIdentifier(subject))?.count ?? 0) + 1
    }

    /// Counts one subscriber less on the subject `key`. Under `lock`.
    private func leftOne(_ key: ObjectIdentifier) {
        if let joinedSubject, ObjectIdentifier(joinedSubject) == key {
            joinedCount -= 1
        } else if var entry = earlier[key] {
            entry.count -= 1
            earlier[key] = entry.count > 0 ? entry : nil
        }
    }

    /// Forgets the counted subscribers' subjects. Under `lock`.
    private func forgetJoined() {
        joinedSubject = nil
        joinedCount = 0
        if !earlier.isEmpty { earlier = [:] }
    }

    /// Connects for the first subscriber of a connection, unless that connection ended meanwhile.
    private func connectIfFirst(_ joined: RefCountJoin) {
        guard joined.first else { return }
        let made = source.connect()
        let stale = lock.withLock { () -> Bool in
            guard connectionId == joined.id, count > 0 else { return true }
            connection = made
            return false
        }
        if stale { made.dispose() }
    }

    /// The shared sequence terminated: the connection `id` (read under the lock) is over.
    func terminated(_ id: @autoclosure () -> Int?) {
        let ended = lock.withLock { () -> Disposable? in
            guard id() == connectionId else { return nil }
            count = 0
            connectionId &+= 1
            forgetJoined()
            defer { connection = nil }
            return connection
        }
        ended?.dispose()
    }

    /// A subscriber of connection `id` (read under the lock) left.
    func left(_ id: @autoclosure () -> Int?, subject: ObjectIdentifier? = nil) {
        let last = lock.withLock { () -> Disposable? in
            guard id() == connectionId, count > 0 else { return nil }
            if let subject { leftOne(subject) }
            count -= 1
            guard count == 0 else { return nil }
            connectionId &+= 1
            forgetJoined()
            defer { connection = nil }
            return connection
        }
        last?.dispose()
    }
}

/// One subscriber of `refCount()`.
/// A subject that `refCount()`'s counted subscribers joined before the last one, and how many.
private struct EarlierSubject {
    let hasTerminated: () -> Bool
    var count: Int
}

/// A subscriber's place in its connection: which connection, and whether it opened it. Not
/// nested in the generic `RefCountObservable`, which would make it generic too (its metadata
/// then looked up at run time on every subscription).
private struct RefCountJoin {
    let id: Int
    let first: Bool
}

/// A subscription through `refCount` to the library's own connectable: disposing it disposes
/// the subject subscription, then leaves the count, once.
private final class RefCountedSubscription: Link, @unchecked Sendable {
    // @unchecked Sendable: `subscription` and `leave` are immutable; `disposed` is atomic.
    private let subscription: Link
    private let leave: () -> Void
    private let disposed = Atomic<Bool>(false)

    init(_ subscription: Link, leave: @escaping () -> Void) {
        self.subscription = subscription
        self.leave = leave
    }

    override func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        subscription.dispose()
        leave()
    }
}

final class RefCountSink<Connectable: ConnectableObservableType>: Sink<Connectable.Element, Connectable.Element>,
    @unchecked Sendable
{
    // @unchecked Sendable: as `Sink`; `connectionId` is written and read only under the parent's
    // lock (`join`, `terminated`, `left`).
    private let parent: RefCountObservable<Connectable>
    /// The connection this subscriber counts in; `nil` until counted.
    var connectionId: Int?

    init(parent: RefCountObservable<Connectable>, downstream: Link) {
        self.parent = parent
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Connectable.Element) {
        forwardNext(element)
    }

    override func receiveCompleted() {
        parent.terminated(self.connectionId)
        forwardCompleted()
    }

    override func receiveError(_ error: Swift.Error) {
        parent.terminated(self.connectionId)
        forwardError(error)
    }

    override func disposeResources() {
        parent.left(self.connectionId)
    }
}

extension ConnectableObservableType {
    /// Connects when the first subscriber subscribes and disconnects when the last one disposes.
    /// When the shared sequence terminates, the connection ends: a later subscriber (even one
    /// subscribing from a terminal event's handler) starts a new one. A subscriber that the
    /// shared subject ends at once (it had already terminated) does not connect.
    public func refCount() -> Observable<Element> {
        RefCountObservable(source: self)
    }
}
