/// A type that can be converted to an `Observable`.
///
/// `SendableMetatype`: operators call `asObservable()` and `subscribe(_:)` on whatever thread subscribes,
/// so a conformance cannot be isolated to an actor.
public protocol ObservableConvertibleType: SendableMetatype {
    /// The type of elements in the sequence.
    associatedtype Element

    /// Returns this sequence as an `Observable`.
    func asObservable() -> Observable<Element>
}

/// A push-style sequence of elements.
///
/// Grammar: `next* (error | completed)?`. Events may come from different threads, but an observer
/// never receives two at once, and nothing after a terminal event or after disposal.
public protocol ObservableType: ObservableConvertibleType {
    /// Subscribes `observer` to the sequence's events.
    ///
    /// - Returns: a disposable that cancels the subscription and frees its resources.
    ///
    /// - Parameter observer: The observer that receives the events.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element
}

extension ObservableType {
    /// Wraps this sequence in an `Observable`.
    public func asObservable() -> Observable<Element> {
        Observable.create { observer in self.subscribe(observer) }
    }
}

/// A sequence of elements: the type every operator returns.
///
/// `Observable` itself is not `Sendable`: its operators hold plain (non-`@Sendable`) user
/// closures, and the library promises never to call one of them concurrently.
public class Observable<Element>: ObservableType {
    #if DEBUG
    /// The scope the sequence was made in (`ResourceScope`).
    private let resourceScope: ResourceScope?
    #endif

    init() {
        #if DEBUG
        resourceScope = ResourceScope.enter()
        resourceScope?.register(self)
        #endif
    }

    deinit {
        #if DEBUG
        resourceScope?.unregister(self)
        ResourceScope.leave(resourceScope)
        #endif
    }

    /// Subscribes `observer`; every concrete sequence overrides this.
    ///
    /// - Parameter observer: The observer that receives the events.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        rxAbstractMethod()
    }

    /// Returns `self`.
    ///
    /// Final and inlinable: the operators call it on every sequence they build, and a call
    /// the optimiser can see through keeps the sequence's type known to the caller.
    @inlinable
    public final func asObservable() -> Observable<Element> { self }

    /// Subscribes one of the library's receivers (a stage) without the generic `subscribe`:
    /// in unspecialised code, calling that with a stage looks the stage's type metadata and
    /// conformance up at run time, on every subscription. Sequences that can take the receiver
    /// as it is (producers, subjects, `just`) override this; the rest go through `Downstream`.
    /// It returns the subscription as a `Link`, which a stage attaches without a cast.
    @usableFromInline
    func subscribe(receiver: Link) -> Link {
        if _slowPath(CurrentThreadScheduler.mustWaitForTheStack) {
            return subscribeWhenTheStackUnwinds(receiver: receiver)
        }
        return subscribe(Downstream<Element>(link: receiver)).asLink
    }

    /// A subscription asked for where the thread's stack is running out: made once the stack has
    /// unwound to the thread's trampoline, after what is queued there (ARCHITECTURE.md, "Deep
    /// chains"). Until then, a `DeferredSubscription` stands for it.
    @inline(never)
    final func subscribeWhenTheStackUnwinds(receiver: Link) -> Link {
        let deferred = DeferredSubscription()
        CurrentThreadScheduler.whenTheStackUnwinds { [self] in
            guard !deferred.isDisposed else { return }
            deferred.attach(subscribeAtOnce(receiver: receiver))
        }
        return deferred
    }

    /// `subscribe(receiver:)` without looking at the stack: what a subscription that waited for
    /// the stack runs once it has. Were it to look again and wait again (a thread whose stack
    /// was already low where its trampoline started), it would never be made.
    func subscribeAtOnce(receiver: Link) -> Link {
        subscribe(Downstream<Element>(link: receiver)).asLink
    }

    /// Hands this sequence's only element to `receiver` with `receiveOnlyElement`, in place of
    /// a subscription, when it has exactly one, known now, and completes right after it (`just`),
    /// and returns `true`; every other sequence returns `false`. A merge whose outer sequence is
    /// a `just` asks, so that it knows no other inner sequence will come while the one it makes
    /// runs (ARCHITECTURE.md, "Deep chains").
    func handOverOnlyElement(to receiver: Link) -> Bool {
        false
    }

    /// Subscribes `owner`'s inner observer `id` to this sequence when that needs no subscription
    /// object: `just` hands its element and its completion to the owner at once, as its
    /// subscription would, and returns `true`; every other sequence returns `false`.
    func deliverWithoutSubscribing<Owner: InnerSequenceOwner>(to owner: Owner, id: Int) -> Bool
    where Owner.InnerElement == Element {
        false
    }

    /// Whether the sequence ends during `subscribe` and can hand everything to the closures of
    /// `subscribe(onNext:…)` at once, with no observer (`deliverAtOnce`): `just` and
    /// `just(x).map(f)`. Asked first, so that every other sequence's subscription passes its
    /// closures to no other call (one more call with them adds retains).
    @usableFromInline
    var deliversAtOnce: Bool { false }

    /// For a sequence that `deliversAtOnce`: calls the closures as its observer would have (the
    /// element, then the error or the completion, then `onDisposed`), on the trampoline as its
    /// subscription would run. An error with no `onError` goes to `Hooks.defaultErrorHandler`,
    /// as the observer would send it.
    @usableFromInline
    func deliverAtOnce(
        onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?
    ) {
        rxAbstractMethod()
    }

    /// `nil`, except for the library's subjects, which say whether they have received a terminal
    /// event (and were not disposed since): so `refCount()` can tell that a subscriber was ended
    /// at once (it then does not connect) without a stage of its own in the element path, and
    /// without a cast.
    var terminationIfSubject: Bool? { nil }

    /// `map` applied to this sequence as one stage, when this sequence can absorb it:
    /// `MapObservable` overrides it to fuse consecutive maps. `nil` otherwise.
    @usableFromInline
    func fusedMap<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result>? {
        nil
    }
}

extension ObservableConvertibleType {
    /// The element type, by its RxSwift 4 name.
    @available(*, deprecated, message: "Use `Element` instead.")
    public typealias E = Element
}

/// `Observable` under a name that does not clash with other modules' `Observable` types (such as
/// Foundation's `Observable` macro protocol on Apple platforms).
public typealias RxObservable<Element> = RxSwift.Observable<Element>
