/// A sequence that shares one subscription to its source among its subscribers, starting it
/// only when `connect()` is called.
public protocol ConnectableObservableType: ObservableType {
    /// Subscribes the shared subject to the source. Disposing the result disconnects.
    func connect() -> Disposable
}

/// A sequence whose shared source subscription starts on `connect()`.
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType {
    /// Subscribes the shared subject to the source.
    public func connect() -> Disposable {
        rxAbstractMethod()
    }

    /// For `refCount()`: subscribes `receiver` to the shared subject, sets `subject` to it and
    /// `terminated` when it had already terminated (the receiver was ended at once). `nil` when
    /// this connectable cannot tell (then `refCount()` watches each subscriber itself).
    func subscribeForRefCount(receiver: Link, subject: inout Observable<Element>?, terminated: inout Bool) -> Link? {
        nil
    }
}

/// One connection of a connectable sequence: forwards source events into the subject.
final class MulticastConnection<Subject: SubjectType>: Stage<Subject.Observer.Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Stage`; `subject`'s observer is thread-safe (a subject) and
    // called serially; `parent` is immutable. The parent holds this connection until it ends
    // (`ended`), which breaks the reference cycle.
    private let observer: Subject.Observer
    private let parent: MulticastObservable<Subject>
    /// The subject's `onNext`, found once: for the library's subjects their own method, which
    /// neither builds an `Event` nor looks up its type's metadata per element (this code is not
    /// specialised: through `observer.on(.next(_:))` that cost about 100 CPU instructions per
    /// delivered element of `share(replay: 1)` to 10 subscribers).
    private let sendNext: (Subject.Observer.Element) -> Void

    init(parent: MulticastObservable<Subject>, observer: Subject.Observer) {
        self.parent = parent
        self.observer = observer
        sendNext = Self.nextSender(of: observer)
        super.init()
    }

    private static func nextSender(of observer: Subject.Observer) -> (Subject.Observer.Element) -> Void {
        typealias Element = Subject.Observer.Element
        if let subject = observer as? PublishSubject<Element> { return subject.onNext }
        if let subject = observer as? ReplaySubject<Element> { return subject.onNext }
        if let subject = observer as? BehaviorSubject<Element> { return subject.onNext }
        return { observer.on(.next($0)) }
    }

    override func receiveNext(_ element: Subject.Observer.Element) {
        if !isDisposed { sendNext(element) }
    }

    override func receiveError(_ error: Swift.Error) {
        end(.error(error))
    }

    override func receiveCompleted() {
        end(.completed)
    }

    /// A terminal event ends the connection. As in RxSwift, a connectable sequence disposes its
    /// source's subscription before the subject forwards the event (`publish().refCount()` with a
    /// `do(onDispose:)` source: "disposed, completed"); `share()` and `share(replay: 1)` (scope
    /// `.whileConnected`, RxSwift's `ShareWhileConnected` and `ShareReplay1WhileConnected`)
    /// forward it and let the source end itself ("completed, afterCompleted, disposed").
    private func end(_ event: Event<Subject.Observer.Element>) {
        if parent.disposesSourceFirst {
            guard let token = finish() else { return }
            parent.ended(self)
            release(token)
            observer.on(event)
        } else {
            guard let token = beginTerminal() else { return }
            parent.ended(self)
            observer.on(event)
            endTerminalBeforeUpstream(token)
        }
    }

    /// As RxSwift's: the connectable forgets this connection and its subject before the source is
    /// disposed, so that a subscriber arriving meanwhile (from the source's `onDispose`) starts a
    /// new connection instead of joining the one that is going away. (`end` does the same before
    /// a terminal event: every way a connection ends calls `ended` first.)
    ///
    /// A disconnection while the connection delivers its terminal event (the last subscriber
    /// leaving in its `onCompleted`) leaves the source to end itself, as the terminal event does.
    override func dispose() {
        parent.ended(self)
        if isDisposed { return }
        super.dispose()
    }
}

/// `multicast`: a subject (made by `makeSubject` for each connection) shared by all subscribers.
final class MulticastObservable<Subject: SubjectType>: ConnectableObservable<Subject.Element>, @unchecked Sendable {
    // @unchecked Sendable: `subject`, `observable` and `connection` are guarded by `lock`.
    private let source: Observable<Subject.Observer.Element>
    private let makeSubject: () -> Subject
    private let lock = Lock()
    private var subject: Subject?
    /// `subject` as an `Observable`, set and cleared with it: what subscribers subscribe to. A
    /// class reference is read under the lock without the generic value copy of a `Subject?`
    /// (about 1,000 instructions per subscription in this unspecialised code: the optional's
    /// metadata looked up and the value copied through its witnesses).
    private var observable: Observable<Subject.Element>?
    private var connection: MulticastConnection<Subject>?
    /// Whether a connection disposes the source's subscription before the subject forwards a
    /// terminal event (see `MulticastConnection.end`).
    let disposesSourceFirst: Bool

    init(
        source: Observable<Subject.Observer.Element>, makeSubject: @escaping () -> Subject,
        disposesSourceFirst: Bool = true
    ) {
        self.source = source
        self.makeSubject = makeSubject
        self.disposesSourceFirst = disposesSourceFirst
    }

    /// The current connection's subject, made on first use, and the same as an `Observable`.
    private func currentSubjectAndObservable() -> (Subject, Observable<Subject.Element>) {
        let existing = lock.withLock { () -> (Subject, Observable<Subject.Element>)? in
            guard let subject, let observable else { return nil }
            return (subject, observable)
        }
        if let existing { return existing }
        let made = makeSubject()
        let madeObservable = made.asObservable()
        return lock.withLock {
            if let subject, let observable { return (subject, observable) }
            subject = made
            observable = madeObservable
            return (made, madeObservable)
        }
    }

    /// The current connection's subject as an `Observable`: read per subscription, as an
    /// `AnyObject?`, which the lock's generic code handles with no metadata look-up (an
    /// `Observable<Element>?` costs two, about 650 instructions).
    private var currentObservable: Observable<Subject.Element> {
        if let observable = lock.withLock({ observable as AnyObject? }) {
            return unsafeDowncast(observable, to: Observable<Subject.Element>.self)
        }
        return currentSubjectAndObservable().1
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Subject.Element {
        currentObservable.subscribe(observer)
    }

    override func subscribeForRefCount(
        receiver: Link, subject joined: inout Observable<Element>?, terminated: inout Bool
    ) -> Link? {
        let subject = currentObservable
        guard subject.terminationIfSubject != nil else { return nil }
        let subscription = subject.subscribe(receiver: receiver)
        terminated = subject.terminationIfSubject ?? false
        joined = subject
        return subscription
    }

    override func connect() -> Disposable {
        if let connection = lock.withLock({ connection }) { return connection }
        let subject = currentSubjectAndObservable().0
        let (active, isNew) = lock.withLock { () -> (MulticastConnection<Subject>, Bool) in
            if let connection { return (connection, false) }
            let made = MulticastConnection(parent: self, observer: subject.asObserver())
            connection = made
            return (made, true)
        }
        if isNew { active.attach(source.subscribe(active)) }
        return active
    }

    func ended(_ ended: MulticastConnection<Subject>) {
        lock.withLock {
            guard connection === ended else { return }
            connection = nil
            subject = nil
            observable = nil
        }
    }
}

extension ObservableType {
    /// Shares one subscription to the source through `subject`, starting it on `connect()`.
    ///
    /// - Parameter subject: The subject that shares the source's events.
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        MulticastObservable(source: asObservable(), makeSubject: { subject })
    }

    /// Shares one subscription to the source through a subject made by `makeSubject` for each
    /// connection (so the sequence can be connected again after it terminates).
    ///
    /// - Parameters:
    ///   - makeSubject: Makes the subject for each connection.
    public func multicast<Subject: SubjectType>(
        makeSubject: @escaping () -> Subject
    ) -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element {
        MulticastObservable(source: asObservable(), makeSubject: makeSubject)
    }

    /// For each subscriber, shares the source through a new subject inside `selector`.
    ///
    /// - Parameters:
    ///   - subjectSelector: Makes the subject for each subscription.
    ///   - selector: Makes the result from the shared sequence.
    public func multicast<Subject: SubjectType, Result>(
        _ subjectSelector: @escaping @isolated(any) () throws -> Subject,
        selector: @escaping @isolated(any) (Observable<Subject.Element>) throws -> Observable<Result>
    ) -> Observable<Result> where Subject.Observer.Element == Element {
        let (subjectSelector, subjectSelectorActor) = Isolation.split(subjectSelector)
        let (selector, selectorActor) = Isolation.split(selector)
        let source = asObservable()
        let multicast = OperatorObservable<Result> { downstream in
            let sink = ForwardSink<Result>(downstream: downstream)
            do {
                let connectable = source.multicast(try subjectSelector())
                let subscription = try selector(connectable.asObservable()).subscribe(receiver: sink)
                sink.attach(Disposables.create(subscription, connectable.connect()))
            } catch {
                sink.receiveError(error)
                sink.attach(NopDisposable.shared)
            }
            return sink
        }
        return multicast.subscribed(on: Isolation.first(subjectSelectorActor, selectorActor))
    }

    /// Shares the source through a `PublishSubject`, starting on `connect()`; each connection
    /// after a disconnection uses a new subject.
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { PublishSubject() })
    }

    /// Shares the source through a `ReplaySubject` of `bufferSize`, starting on `connect()`;
    /// each connection after a disconnection uses a new subject (the old one's subscribers are
    /// not fed by it).
    ///
    /// - Parameter bufferSize: How many elements to replay to a subscriber.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject.create(bufferSize: bufferSize) })
    }

    /// Shares the source through an unbounded `ReplaySubject`, starting on `connect()`; each
    /// connection after a disconnection uses a new subject.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject.createUnbounded() })
    }
}
